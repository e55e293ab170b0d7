/**
 * The local lead database (src/leads/lead-database.ts) made and migrated: the
 * real migrations applied once each on a bootstrap that mirrors Supabase's
 * roles and default privileges, in a folder its owner alone can read; a
 * migration added later, or one that fails; and a making that was stopped,
 * made again.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLeadDatabase, projectMigrationsDir, type PGlite } from '../../src/leads/lead-database';
import { listLeads, pgliteLeadStore } from '../../src/leads/pglite-lead-store';
import { projectRoot } from '../support/cli';
import { copyMigratedLeads } from '../support/migrated-leads';
import { heroLead, modes, removeTempDirs, tempDir, unlimited } from '../support/lead-database-setup';

const realMigrationsDir = join(projectRoot, 'supabase', 'migrations');
afterAll(removeTempDirs);

async function migrationRows(db: PGlite) {
  return (
    await db.query<{ name: string; applied_at: Date }>(
      'select name, applied_at from public.sitegen_migrations order by name',
    )
  ).rows;
}

// The first makes its database from nothing, as a first `sitegen preview` does: seconds on a busy machine.
describe('migrations', { timeout: 120_000 }, () => {
  it('finds the project migrations folder from the module itself', () => {
    expect(projectMigrationsDir()).toBe(realMigrationsDir);
  });

  it('creates the database from nothing with every migration, once, in a folder its owner alone can read, open or closed; a reopened database keeps its data', async () => {
    const dataDir = join(await tempDir(), 'leads');
    const files = (await readdir(realMigrationsDir)).filter((name) => name.endsWith('.sql')).sort();
    expect(files).toContain('20240115000000_create_leads.sql');

    const first = await openLeadDatabase(dataDir);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dataDir, 'sitegen.lock'))).mode & 0o777).toBe(0o600);
    const applied = await migrationRows(first);
    expect(applied.map((row) => row.name)).toEqual(files);
    // A small buffer pool, quick to make at each start: ample for a few thousand leads.
    expect((await first.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    const saved = heroLead();
    expect((await pgliteLeadStore(first).save(saved, unlimited)).outcome).toBe('stored');
    await first.close();
    const entries = await modes(dataDir);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.filter((entry) => entry.mode !== (entry.folder ? 0o700 : 0o600))).toEqual([]);

    const second = await openLeadDatabase(dataDir);
    expect(await migrationRows(second)).toEqual(applied);
    const rows = await listLeads(second);
    expect(rows.map((row) => row.submission_id)).toEqual([saved.submission_id]);
    expect((await pgliteLeadStore(second).save(saved, unlimited)).outcome).toBe('duplicate');
    await second.close();
  });

  it('applies a migration file added later on the next start, and only that one; stops at a failing one, naming it, records nothing of it, and opens once it is fixed', async () => {
    const dir = await tempDir();
    const migrationsDir = join(dir, 'migrations');
    const dataDir = join(dir, 'data');
    await cp(realMigrationsDir, migrationsDir, { recursive: true });
    await copyMigratedLeads(dataDir);

    const first = await openLeadDatabase(dataDir, { migrationsDir });
    const applied = await migrationRows(first);
    await first.query(
      `insert into public.leads (submission_id, form_type, name, email) values ($1, 'hero', 'Dave', 'dave@example.co.uk')`,
      [randomUUID()],
    );
    await first.close();

    const added = join(migrationsDir, '20990101000000_add_source.sql');
    await writeFile(
      added,
      'alter table public.leads add column source text;\nalter table public.nowhere add column x text;\n',
    );
    await expect(openLeadDatabase(dataDir, { migrationsDir })).rejects.toThrow(
      'migration 20990101000000_add_source.sql failed: relation "public.nowhere" does not exist',
    );

    // Fixed: had the failed one's first statement been kept, adding the column again would fail.
    await writeFile(added, 'alter table public.leads add column source text;\n');
    const second = await openLeadDatabase(dataDir, { migrationsDir });
    expect(await migrationRows(second)).toEqual([
      ...applied,
      { name: '20990101000000_add_source.sql', applied_at: expect.any(Date) },
    ]);
    expect((await second.query<{ source: string | null }>('select source from public.leads')).rows).toEqual([
      { source: null },
    ]);
    await second.close();
  });
});

describe('a database whose making was stopped', { timeout: 120_000 }, () => {
  it('is made again on the next open: stopped by a failing migration, or by the process stopped while Postgres wrote its files; the note of a server that makes it at its first lead kept', async () => {
    const dir = await tempDir();
    const migrationsDir = join(dir, 'migrations');
    const dataDir = join(dir, 'data');
    await cp(realMigrationsDir, migrationsDir, { recursive: true });
    const failing = join(migrationsDir, '20990101000000_broken.sql');
    await writeFile(failing, 'alter table public.nowhere add column x text;\n');
    // Made at a server's first lead, the folder holding only the server's note, by which `sitegen leads` finds it.
    await mkdir(dataDir);
    await writeFile(join(dataDir, 'server.json'), '{"url":"http://127.0.0.1:1"}');
    await expect(openLeadDatabase(dataDir, { migrationsDir })).rejects.toThrow(
      'migration 20990101000000_broken.sql failed',
    );
    expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['PG_VERSION', 'sitegen-making']));
    await rm(failing);

    // As a Ctrl-C during the first `sitegen preview` leaves it: Postgres's folders, no PG_VERSION yet, and the mark.
    await rm(join(dataDir, 'PG_VERSION'));
    const db = await openLeadDatabase(dataDir, { migrationsDir });
    expect((await migrationRows(db)).map((row) => row.name)).toEqual((await readdir(realMigrationsDir)).sort());
    expect((await db.query('select count(*)::int as n from public.leads')).rows).toEqual([{ n: 0 }]);
    await db.close();
    expect(await readdir(dataDir)).not.toContain('sitegen-making');
    // The server's note kept through both makings.
    expect(await readFile(join(dataDir, 'server.json'), 'utf8')).toBe('{"url":"http://127.0.0.1:1"}');

    // Left so by a version of sitegen that did not mark it: named as such, and left as it is.
    await rm(join(dataDir, 'PG_VERSION'));
    const left = await readdir(dataDir);
    await expect(openLeadDatabase(dataDir)).rejects.toThrow(
      `the lead database ${dataDir}: expected a lead database, found one never finished (no PG_VERSION), left by a process stopped while it made it: remove the folder, and it is made again`,
    );
    expect(await readdir(dataDir)).toEqual(left);
  });
});
