/**
 * The local lead database: an embedded Postgres (PGlite) that `sitegen
 * preview` / `dev` store leads in and `sitegen leads` lists, so the whole
 * form-to-database path works on a fresh machine with no Supabase account.
 *
 * It is created from the same migration files as the hosted database
 * (supabase/migrations/), after a bootstrap that recreates what Supabase has
 * before any migration runs (its roles and default privileges), so that the
 * migration's row-level security and revokes are what keep the anonymous role
 * out here too, exactly as in production.
 *
 * One process at a time: PGlite takes no lock on its data folder, and a second
 * process that opens the same folder silently loses its writes. Opening takes
 * a lock file (sitegen.lock in the data folder) and fails with
 * LeadDatabaseBusyError while another live process holds it.
 *
 * Leads are personal data: the folder is its owner's alone (0700, files 0600),
 * mended on every open for a folder made before.
 */
import { chmodSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generatorPath } from '../config';
import { SitegenError, messageOf } from '../errors';
import { isAlive } from '../process-alive';

export type { PGlite };

export interface OpenLeadDatabaseOptions {
  /** The folder of migration files; the project's supabase/migrations unless given. */
  migrationsDir?: string;
  /** The data folder's lock, when the caller has claimed it already (claimLeadDatabase); its release, which closing calls. */
  claimed?: () => void;
}

/** Another live process (or another PGlite in this one) has the data folder open. */
export class LeadDatabaseBusyError extends SitegenError {
  override name = 'LeadDatabaseBusyError';
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `the lead database ${dataDir} is in use${pid === null ? '' : ` by process ${pid}`} (a running \`sitegen preview\` or \`sitegen dev\`?); ` +
        'PGlite allows one process at a time: stop that process and try again',
    );
  }
}

const lockName = 'sitegen.lock';

/**
 * Postgres's shared buffer pool is made and cleared at every start, and
 * PGlite keeps it at Postgres's 128 MB: a lead database of a few thousand
 * rows fits in a fraction of it, and with a small pool the database opens
 * sooner (every start of preview and dev, every `sitegen leads`) and holds
 * less memory.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens (creating it if need be) the lead database in `dataDir`, or in memory
 * when `dataDir` is undefined, and applies every migration not yet applied.
 * Close it with `db.close()`, which also releases the lock.
 */
export async function openLeadDatabase(
  dataDir: string | undefined,
  options: OpenLeadDatabaseOptions = {},
): Promise<PGlite> {
  const migrationsDir = options.migrationsDir ?? projectMigrationsDir();
  const migrations = await readMigrations(migrationsDir);

  let release = () => {};
  if (dataDir !== undefined) {
    dataDir = resolve(dataDir);
    release = options.claimed ?? claimLeadDatabase(dataDir);
  }

  let db: PGlite;
  try {
    db = await PGlite.create(dataDir, { startParams });
  } catch (cause) {
    release();
    throw new SitegenError(`the lead database ${dataDir ?? '(in memory)'} could not be opened: ${messageOf(cause)}`, {
      cause,
    });
  }

  const close = db.close.bind(db);
  const privateDir = dataDir;
  if (privateDir !== undefined) keepPrivate(privateDir);
  db.close = async () => {
    try {
      await close();
      // Files PGlite made while open (new relations, say).
      if (privateDir !== undefined) keepPrivate(privateDir);
    } finally {
      release();
    }
  };

  try {
    await db.exec(bootstrapSql);
    await migrate(db, migrations);
  } catch (cause) {
    await db.close().catch(() => {});
    throw cause;
  }
  return db;
}

/**
 * What a Supabase database has before the project's migrations: the roles the
 * API connects as, usage of schema public, and every privilege on new tables,
 * sequences and functions in public granted to them by default. Idempotent.
 * (Exported for the test that applies the migrations to PostgreSQL itself.)
 */
export const bootstrapSql = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- Which migration files have been applied (local databases only).
create table if not exists public.sitegen_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);
revoke all on table public.sitegen_migrations from anon, authenticated, service_role;
`;

interface Migration {
  name: string;
  sql: string;
}

async function readMigrations(dir: string): Promise<Migration[]> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.sql'));
  } catch (cause) {
    throw new SitegenError(`the migrations folder ${dir} could not be read: ${messageOf(cause)}`, { cause });
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(join(dir, name), 'utf8') })));
}

/** Applies, in name order, each migration not yet recorded, each in one transaction with its record. */
async function migrate(db: PGlite, migrations: Migration[]): Promise<void> {
  const applied = new Set(
    (await db.query<{ name: string }>('select name from public.sitegen_migrations')).rows.map((row) => row.name),
  );
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query('insert into public.sitegen_migrations (name) values ($1)', [migration.name]);
      });
    } catch (cause) {
      throw new SitegenError(`migration ${migration.name} failed: ${messageOf(cause)}`, { cause });
    }
  }
}

/** supabase/migrations of the generator this module belongs to. */
export function projectMigrationsDir(): string {
  return generatorPath('supabase', 'migrations');
}

/**
 * The data folder readable by its owner only: the folder 0700 (nothing in it
 * can be reached by another user), and every file in it 0600 and folder 0700,
 * because PGlite creates its files 0666 whatever the umask.
 */
function keepPrivate(dataDir: string): void {
  chmodSync(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}

/**
 * Claims the data folder (made owner-only if need be) for this process: its
 * lock, taken at once, so that a second server fails when it starts rather
 * than at its first lead. Returns the release.
 */
export function claimLeadDatabase(dataDir: string): () => void {
  refuseOtherFolder(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  keepPrivate(dataDir);
  const releaseLock = acquireLock(dataDir);
  // A process that exits without closing leaves no lock behind (one killed
  // leaves a lock naming a dead process, which the next open takes over).
  process.once('exit', releaseLock);
  return () => {
    process.removeListener('exit', releaseLock);
    releaseLock();
  };
}

/**
 * A folder named by mistake (the built site, the project) is left as it is: made a database, its files would be
 * made its owner's alone and Postgres's written among them.
 */
function refuseOtherFolder(dataDir: string): void {
  const found = statSync(dataDir, { throwIfNoEntry: false });
  if (found === undefined) return;
  if (!found.isDirectory()) throw new SitegenError(`the lead database ${dataDir}: expected a folder, found a file`);
  const entries = readdirSync(dataDir).filter((name) => name !== lockName);
  if (entries.length > 0 && !entries.includes('PG_VERSION'))
    throw new SitegenError(
      `the lead database ${dataDir}: expected an empty folder or a lead database (one with PG_VERSION), found other files (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}): name a folder of its own`,
    );
}

/**
 * Takes the data folder's lock file, or throws LeadDatabaseBusyError while a
 * live process holds it. A lock left by a process that died is taken over.
 * Returns the release function (which removes the file only if it is still ours).
 */
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
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
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
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 'gone';
  }
  try {
    const pid = (JSON.parse(text) as { pid?: unknown }).pid;
    if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0) return pid;
  } catch {
    // Fall through.
  }
  // Unreadable: being written right now, or garbage left long ago.
  try {
    return Date.now() - statSync(file).mtimeMs < 5_000 ? 'starting' : 0;
  } catch {
    return 'gone';
  }
}
