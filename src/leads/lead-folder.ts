/**
 * The lead database's data folder: its owner's alone, held by one process at a time (a lock file), never a folder of
 * other files named by mistake, and made whole or made again. PGlite takes no lock, and a second process on the same
 * folder silently loses its writes; and a process stopped while it first makes the database (Ctrl-C during the first
 * `sitegen preview`) leaves a folder Postgres cannot open.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SitegenError } from '../errors';
import { isAlive } from '../process-alive';
import { readIfThere, readJsonIfThere } from '../optional-files';

/** Another live process (or another PGlite in this one) has the data folder open. */
export class LeadDatabaseBusyError extends SitegenError {
  override name = 'LeadDatabaseBusyError';
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `the lead database ${dataDir} is in use${pid === null ? '' : ` by process ${pid}`} (a running \`sitegen preview\` or \`sitegen dev\`?); ` +
        'PGlite allows one process at a time: stop that process and try again ' +
        '(for two servers at once, give one a lead folder of its own with --leads-dir)',
    );
  }
}

const lockName = 'sitegen.lock';

/** Present until the database is first made whole (its migrations applied): a folder holding it was left half-made. */
const makingName = 'sitegen-making';

/** Files 0600, folders 0700 (PGlite makes files 0666 whatever the umask), one level at a time: no link followed. */
export function keepPrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) keepPrivate(join(dir, entry.name));
    else if (entry.isFile()) chmodSync(join(dir, entry.name), 0o600);
}

/** The lock is taken at once, so that a second server fails when it starts rather than at its first lead. */
export function claimLeadDatabase(dataDir: string): () => void {
  refuseOtherFolder(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  keepPrivate(dataDir);
  const releaseLock = acquireLock(dataDir);
  // An exit without closing leaves no lock; a kill leaves one naming a dead process, which the next open takes over.
  process.once('exit', releaseLock);
  return () => {
    process.removeListener('exit', releaseLock);
    releaseLock();
  };
}

/** The note a running server leaves in its folder, for `sitegen leads` to ask it (running-server.ts). */
export const serverFile = 'server.json';

/** A folder named by mistake (the built site, the project) is refused, not filled by Postgres and made owner-only. */
function refuseOtherFolder(dataDir: string): void {
  const found = statSync(dataDir, { throwIfNoEntry: false });
  if (found === undefined) return;
  if (!found.isDirectory()) throw new SitegenError(`the lead database ${dataDir}: expected a folder, found a file`);
  // A running server's lock and note (running-server.ts), before its first lead makes the database.
  const entries = readdirSync(dataDir).filter((name) => name !== lockName && name !== serverFile);
  // Ours, half-made: made again once the lock is taken (markMaking).
  if (entries.includes(makingName)) return;
  if (entries.includes('base') && entries.includes('global') && !entries.includes('PG_VERSION'))
    throw new SitegenError(
      `the lead database ${dataDir}: expected a lead database, found one never finished (no PG_VERSION), left by a process stopped while it made it: remove the folder, and it is made again`,
    );
  if (entries.length > 0 && !entries.includes('PG_VERSION'))
    throw new SitegenError(
      `the lead database ${dataDir}: expected an empty folder or a lead database (one with PG_VERSION), found other files (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}): name a folder of its own`,
    );
}

/**
 * With the lock taken: a folder with no database yet is marked until `made` (returned) is called, once every migration
 * is applied; a folder left so marked is emptied first, but for the server's note. Its files hold no lead.
 */
export function markMaking(dataDir: string): () => void {
  const entries = readdirSync(dataDir);
  const marker = join(dataDir, makingName);
  if (!entries.includes(makingName) && entries.includes('PG_VERSION')) return () => {};
  const kept = [lockName, makingName, serverFile];
  for (const name of entries) if (!kept.includes(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
  writeFileSync(marker, '', { mode: 0o600 });
  return () => rmSync(marker, { force: true });
}

/** A lock left by a process that died is taken over. The release removes the file only if it is still ours. */
function acquireLock(dataDir: string): () => void {
  const file = join(dataDir, lockName);
  const mine = `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readIfThere(file) === mine) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = lockHolder(file);
    if (holder === 'gone') continue;
    if (holder === 'starting' || isAlive(holder))
      throw new LeadDatabaseBusyError(dataDir, holder === 'starting' ? null : holder);
    rmSync(file, { force: true }); // Left by a process that has died.
  }
  throw new LeadDatabaseBusyError(dataDir, null);
}

/** The pid in a lock file; 'starting' while it is being written; 'gone' if it vanished. */
function lockHolder(file: string): number | 'starting' | 'gone' {
  const pid = readJsonIfThere<{ pid?: unknown } | null>(file)?.pid;
  if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0) return pid;
  // Unreadable: being written right now, or garbage left long ago; or gone since.
  const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  return written === undefined ? 'gone' : Date.now() - written < 5_000 ? 'starting' : 0;
}
