/**
 * The local lead database as the real migrations make it, made once a run by
 * the global setup (setup-leads.ts) and copied for each test that needs one: making one (an
 * embedded Postgres created, then every migration) costs several times as
 * much as opening a copy. The tests of the making itself
 * (tests/unit/lead-database-migrations.test.ts) still make theirs from nothing.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openLeadDatabase, type PGlite } from '../../src/leads/lead-database';
import { projectRoot } from './cli';

export const migrationsDir = join(projectRoot, 'supabase', 'migrations');

/** Copies the migrated database into `target` (a folder not there yet), for openLeadDatabase(target). */
export async function copyMigratedLeads(target: string): Promise<void> {
  await cp(inject('migratedLeadsDir'), target, { recursive: true, errorOnExist: true, force: false });
}

/** A lead database of the caller's own: a copy of the one the global setup made by the real migrations. */
export async function copyLeadDatabase(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'sitegen-test-leads-'));
  const dir = join(folder, 'leads');
  await copyMigratedLeads(dir);
  return { dir, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * A migrated database of the test's own, opened by openLeadDatabase on a
 * copy in a temporary folder; closing it removes the copy.
 */
export async function openMigratedLeadDatabase(): Promise<PGlite> {
  const copy = await copyLeadDatabase();
  try {
    const db = await openLeadDatabase(copy.dir, { migrationsDir });
    const close = db.close.bind(db);
    db.close = async () => {
      try {
        await close();
      } finally {
        await copy.remove();
      }
    };
    return db;
  } catch (error) {
    await copy.remove();
    throw error;
  }
}
