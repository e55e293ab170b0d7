/**
 * What the lead database's test files (tests/unit/lead-database-*.test.ts)
 * share: scratch folders removed after the file, the permission bits of what
 * a folder holds, a valid hero lead to save, and one migrated database for
 * the describes that work inside a database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { checkLead, leadRecord, type LeadRecord } from '../../supabase/functions/_shared/lead.ts';
import type { SaveOptions } from '../../supabase/functions/_shared/lead-store.ts';
import type { PGlite } from '../../src/leads/lead-database';
import { openMigratedLeadDatabase } from './migrated-leads';

const temps: string[] = [];
/** Removes every folder tempDir made for this test file: its afterAll. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-leads-'));
  temps.push(dir);
  return dir;
}

function lead(payload: Record<string, unknown>): LeadRecord {
  const check = checkLead({ submission_id: randomUUID(), ...payload });
  if (!check.success) throw new Error(check.error);
  return leadRecord(check.lead);
}
export const unlimited: SaveOptions = { client: '127.0.0.1', rateLimit: null, notify: false };
export const heroLead = () =>
  lead({ form_type: 'hero', name: 'Dave Hughes', email: 'dave@example.co.uk', trade: 'plumber', page: '/' });

/** Every file and folder under `dir`, with its permission bits. */
export async function modes(dir: string) {
  const found: { path: string; mode: number; folder: boolean }[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({ path, mode: (await stat(path)).mode & 0o777, folder: entry.isDirectory() });
  }
  return found;
}

/**
 * One copy of the migrated database for the describes of a file that work
 * inside a database (privileges, constraints, listing): opening one costs
 * more than all their queries. Each describe empties it first, its ids from 1
 * again. Set by useSharedLeadDatabase's hooks; the files read it as a live
 * binding.
 */
export let shared: PGlite;
/** Opens the shared database before the calling file's tests, and closes it after: called at the top of the file, not on import, as vitest loads this module once for all the files a worker runs. */
export function useSharedLeadDatabase(): void {
  beforeAll(async () => {
    shared = await openMigratedLeadDatabase();
  });
  afterAll(() => shared?.close());
}
export const emptyShared = () => shared.exec('truncate public.leads restart identity');
