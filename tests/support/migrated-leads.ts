/**
 * The local lead database as the real migrations make it, made once and
 * copied for each test that needs one. Creating an embedded Postgres and
 * migrating it takes several times as long as opening a copy; the tests of
 * the creation itself (tests/lead-database.test.ts) still make theirs from
 * nothing.
 *
 * The made database is kept in the system's temporary folder, under a name
 * that changes with whatever would make it differently (the migrations, the
 * module that applies them, PGlite's version), so test files running at once
 * and later runs share it. It is made by openLeadDatabase itself, in a
 * folder of its own, and moved into place whole: a reader sees all of it or
 * nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLeadDatabase, type PGlite } from '../../src/leads/lead-database';
import { projectRoot } from './cli';

const migrationsDir = join(projectRoot, 'supabase', 'migrations');

/** Names the made database by everything it is made from. */
async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const sources = [
    join(projectRoot, 'src', 'leads', 'lead-database.ts'),
    join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  ];
  const migrations = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  for (const file of [...sources, ...migrations.map((name) => join(migrationsDir, name))]) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

let made: Promise<string> | undefined;

/** The folder of the migrated database (read it, never open it: copy it with copyMigratedLeads). */
export function migratedLeadsDir(): Promise<string> {
  return (made ??= make());
}

async function make(): Promise<string> {
  const dir = join(tmpdir(), `sitegen-migrated-leads-${await fingerprint()}`);
  try {
    await readFile(join(dir, 'PG_VERSION'));
    return dir;
  } catch {
    // Not made yet.
  }
  const scratch = join(tmpdir(), `sitegen-migrated-leads-${randomUUID()}`);
  try {
    await (await openLeadDatabase(scratch, { migrationsDir })).close();
    await rename(scratch, dir);
  } catch (error) {
    // Another test file moved its own into place first: that one serves.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return dir;
}

/** Copies the migrated database into `target` (a folder not there yet), for openLeadDatabase(target). */
export async function copyMigratedLeads(target: string): Promise<void> {
  await cp(await migratedLeadsDir(), target, { recursive: true, errorOnExist: true, force: false });
}

/**
 * A migrated database of the test's own, opened by openLeadDatabase on a
 * copy in a temporary folder; closing it removes the copy.
 */
export async function openMigratedLeadDatabase(): Promise<PGlite> {
  const parent = await mkdtemp(join(tmpdir(), 'sitegen-leads-'));
  const dir = join(parent, 'leads');
  try {
    await copyMigratedLeads(dir);
    const db = await openLeadDatabase(dir, { migrationsDir });
    const close = db.close.bind(db);
    db.close = async () => {
      try {
        await close();
      } finally {
        await rm(parent, { recursive: true, force: true });
      }
    };
    return db;
  } catch (error) {
    await rm(parent, { recursive: true, force: true });
    throw error;
  }
}
