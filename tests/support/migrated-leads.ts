/**
 * The local lead database as the real migrations make it, made once a run by
 * the global setup (setup-leads.ts) and copied for each test that needs one: making one (an
 * embedded Postgres created, then every migration) costs several times as
 * much as opening a copy. The tests of the making itself
 * (tests/unit/lead-database.test.ts) still make theirs from nothing.
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
