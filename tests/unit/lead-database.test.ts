/**
 * The local lead database (src/leads/lead-database.ts): the real migrations
 * applied once each on a bootstrap that mirrors Supabase's roles and default
 * privileges; the anonymous and signed-in roles kept out of leads; the table's
 * constraints; one process at a time on a data folder; and the text that
 * `sitegen leads` prints.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { touchColumns, type Touch } from '../../supabase/functions/_shared/attribution.ts';
import { checkLead, leadRecord, type LeadRecord } from '../../supabase/functions/_shared/lead.ts';
import type { SaveOptions } from '../../supabase/functions/_shared/lead-store.ts';
import { formatLeads } from '../../src/leads/format-leads';
import { openLeadDatabase, projectMigrationsDir, type PGlite } from '../../src/leads/lead-database';
import { LeadDatabaseBusyError } from '../../src/leads/lead-folder';
import { listLeads, pgliteLeadStore, type LeadRow } from '../../src/leads/pglite-lead-store';
import { projectRoot } from '../support/cli';
import { copyMigratedLeads, openMigratedLeadDatabase } from '../support/migrated-leads';

const realMigrationsDir = join(projectRoot, 'supabase', 'migrations');
const temps: string[] = [];
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-leads-'));
  temps.push(dir);
  return dir;
}

function lead(payload: Record<string, unknown>): LeadRecord {
  const check = checkLead({ submission_id: randomUUID(), ...payload });
  if (!check.success) throw new Error(check.error);
  return leadRecord(check.lead);
}
const unlimited: SaveOptions = { client: '127.0.0.1', rateLimit: null, notify: false };
const heroLead = () =>
  lead({ form_type: 'hero', name: 'Dave Hughes', email: 'dave@example.co.uk', trade: 'plumber', page: '/' });

/** Every file and folder under `dir`, with its permission bits. */
async function modes(dir: string) {
  const found: { path: string; mode: number; folder: boolean }[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({ path, mode: (await stat(path)).mode & 0o777, folder: entry.isDirectory() });
  }
  return found;
}

async function migrationRows(db: PGlite) {
  return (
    await db.query<{ name: string; applied_at: Date }>(
      'select name, applied_at from public.sitegen_migrations order by name',
    )
  ).rows;
}

/**
 * One copy of the migrated database for the describes that work inside a
 * database (privileges, constraints, listing): opening one costs more than
 * all their queries. Each describe empties it first, its ids from 1 again.
 */
let shared: PGlite;
beforeAll(async () => {
  shared = await openMigratedLeadDatabase();
});
afterAll(() => shared?.close());
const emptyShared = () => shared.exec('truncate public.leads restart identity');

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

describe('one process at a time', { timeout: 60_000 }, () => {
  it('refuses a second open of the same folder while the first is open, and allows it after close', async () => {
    const dataDir = join(await tempDir(), 'leads');
    await copyMigratedLeads(dataDir);
    const first = await openLeadDatabase(dataDir);
    const second = openLeadDatabase(dataDir);
    await expect(second).rejects.toBeInstanceOf(LeadDatabaseBusyError);
    await expect(second).rejects.toThrow(`the lead database ${dataDir} is in use by process ${process.pid}`);
    await first.close();
    expect(await readdir(dataDir)).not.toContain('sitegen.lock');
    const third = await openLeadDatabase(dataDir);
    await third.close();
  });

  it('refuses a folder locked by another live process, and takes over a lock left by a dead one', async () => {
    const dataDir = join(await tempDir(), 'leads');
    await copyMigratedLeads(dataDir);
    const lockFile = join(dataDir, 'sitegen.lock');

    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(lockFile, JSON.stringify({ pid: other.pid }));
      await expect(openLeadDatabase(dataDir)).rejects.toThrow(
        `the lead database ${dataDir} is in use by process ${other.pid}`,
      );
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));

    // The process is gone: its lock is stale.
    const db = await openLeadDatabase(dataDir);
    expect(await listLeads(db)).toEqual([]);
    await db.close();

    // A server that has stored no lead yet holds a folder with no database in it: in use, and said so.
    const fresh = join(await tempDir(), 'leads');
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await mkdir(fresh);
      await writeFile(join(fresh, 'sitegen.lock'), JSON.stringify({ pid: server.pid }));
      await writeFile(join(fresh, 'server.json'), '{}');
      await expect(openLeadDatabase(fresh)).rejects.toThrow(
        `the lead database ${fresh} is in use by process ${server.pid}`,
      );
    } finally {
      server.kill();
    }
  });
});

describe('a folder named by mistake', () => {
  it('is left as it is: a folder of other files, or a file, is refused, nothing made or changed in it', async () => {
    const site = await tempDir();
    await writeFile(join(site, 'index.html'), '<!DOCTYPE html>');
    await chmod(join(site, 'index.html'), 0o644);
    await expect(openLeadDatabase(site)).rejects.toThrow(
      `the lead database ${site}: expected an empty folder or a lead database (one with PG_VERSION), found other files (index.html): name a folder of its own`,
    );
    expect(await readdir(site)).toEqual(['index.html']);
    expect((await stat(join(site, 'index.html'))).mode & 0o777).toBe(0o644);
    const file = join(site, 'index.html');
    await expect(openLeadDatabase(file)).rejects.toThrow(`the lead database ${file}: expected a folder, found a file`);
  });
});

describe('owner only', () => {
  it('mends a folder made world-readable before, on open', async () => {
    const dataDir = join(await tempDir(), 'leads');
    await copyMigratedLeads(dataDir);
    await chmod(dataDir, 0o755);
    for (const entry of await modes(dataDir)) await chmod(entry.path, entry.folder ? 0o755 : 0o666);
    const db = await openLeadDatabase(dataDir);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await modes(dataDir)).filter((entry) => entry.mode & 0o077)).toEqual([]);
    await db.close();
  });
});

describe('who may touch leads', () => {
  let db: PGlite;
  // One lead before each case: the service role's case adds another.
  beforeEach(async () => {
    db = shared;
    await emptyShared();
    await pgliteLeadStore(db).save(heroLead(), unlimited);
  });

  async function as<T>(role: string, work: () => Promise<T>): Promise<T> {
    await db.exec(`set role ${role}`);
    try {
      return await work();
    } finally {
      await db.exec('reset role');
    }
  }
  const insertSql = `insert into public.leads (submission_id, form_type, name, email) values ('${randomUUID()}', 'hero', 'Mallory', 'm@example.com')`;

  it.each(['anon', 'authenticated'])('%s can neither read nor write leads', async (role) => {
    await as(role, async () => {
      await expect(db.query('select * from public.leads')).rejects.toThrow('permission denied for table leads');
      await expect(db.query(insertSql)).rejects.toThrow('permission denied for table leads');
      await expect(db.query('update public.leads set name = $1', ['x'])).rejects.toThrow(
        'permission denied for table leads',
      );
      await expect(db.query('delete from public.leads')).rejects.toThrow('permission denied for table leads');
      await expect(db.query('select * from public.sitegen_migrations')).rejects.toThrow(
        'permission denied for table sitegen_migrations',
      );
      await expect(db.query('select * from public.lead_rate_events')).rejects.toThrow(
        'permission denied for table lead_rate_events',
      );
      await expect(db.query('select * from public.lead_rate_salt')).rejects.toThrow(
        'permission denied for table lead_rate_salt',
      );
      await expect(db.query(`select * from public.store_lead('{}'::jsonb, 'x', null, null, false)`)).rejects.toThrow(
        'permission denied for function store_lead',
      );
      await expect(db.query('select * from public.claim_lead_notifications(10)')).rejects.toThrow(
        'permission denied for function claim_lead_notifications',
      );
      await expect(db.query(`select public.record_lead_notification(1, '{}', null)`)).rejects.toThrow(
        'permission denied for function record_lead_notification',
      );
    });
  });

  it('keeps anon out by row-level security too, were the privileges ever granted again', async () => {
    await db.transaction(async (tx) => {
      await tx.exec('grant select, insert on public.leads to anon; set local role anon');
      expect((await tx.query('select * from public.leads')).rows).toEqual([]);
      await tx.rollback();
    });
    await db.transaction(async (tx) => {
      await tx.exec('grant select, insert on public.leads to anon; set local role anon');
      await expect(tx.query(insertSql)).rejects.toThrow('new row violates row-level security policy for table "leads"');
      await tx.rollback();
    });
    expect((await db.query<{ count: number }>('select count(*)::int as count from public.leads')).rows).toEqual([
      { count: 1 },
    ]);
  });

  it('the owner and the service role (the Edge Function) can read and insert', async () => {
    expect((await db.query('select * from public.leads')).rows).toHaveLength(1);
    await as('service_role', async () => {
      expect((await pgliteLeadStore(db).save(heroLead(), unlimited)).outcome).toBe('stored');
      expect((await db.query('select * from public.leads')).rows).toHaveLength(2);
    });
  });
});

describe('constraints', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = shared;
    await emptyShared();
  });

  const insert = (values: Record<string, unknown>) => {
    const row = {
      submission_id: randomUUID(),
      form_type: 'hero',
      name: 'Dave',
      email: 'dave@example.co.uk',
      ...values,
    };
    const names = Object.keys(row);
    return db.query(
      `insert into public.leads (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };

  it('rejects an unknown form_type', async () => {
    await expect(insert({ form_type: 'quote' })).rejects.toThrow(
      'new row for relation "leads" violates check constraint "leads_form_type_check"',
    );
  });

  it('rejects an over-long name, and the other limits of lead-options.ts', async () => {
    await expect(insert({ name: 'n'.repeat(101) })).rejects.toThrow('violates check constraint "leads_name_length"');
    await insert({ name: 'n'.repeat(100) });
    const limits = { email: 254, phone: 30, business_name: 120, location: 120, message: 5000, page: 200 };
    for (const [column, max] of Object.entries(limits)) {
      await expect(insert({ [column]: 'x'.repeat(max + 1) }), column).rejects.toThrow(
        `violates check constraint "leads_${column}_length"`,
      );
      await insert({ [column]: 'x'.repeat(max) });
    }
  });

  it('requires an e-mail address always, and a name except for the newsletter', async () => {
    await expect(insert({ email: null })).rejects.toThrow(
      'null value in column "email" of relation "leads" violates not-null constraint',
    );
    await expect(insert({ name: null })).rejects.toThrow('violates check constraint "leads_name_required"');
    await expect(insert({ form_type: 'contact', name: null })).rejects.toThrow(
      'violates check constraint "leads_name_required"',
    );
    await insert({ form_type: 'newsletter', name: null });
  });

  it('holds a submission_id once, and defaults services_interested and created_at', async () => {
    const submission_id = randomUUID();
    await insert({ submission_id });
    await expect(insert({ submission_id })).rejects.toThrow(
      'duplicate key value violates unique constraint "leads_submission_id_key"',
    );
    const row = (await db.query<LeadRow>('select * from public.leads where submission_id = $1', [submission_id]))
      .rows[0]!;
    expect(row.services_interested).toEqual([]);
    expect(Math.abs(row.created_at.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('listing and formatting', () => {
  const adClick: Touch = {
    landing_path: '/',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'plumbers-derby',
    gclid: 'TEST-1',
  };
  const rows: LeadRow[] = [
    {
      id: 1,
      created_at: new Date('2024-01-15T09:30:12.345Z'),
      submission_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      form_type: 'hero',
      name: 'Dave Hughes',
      email: 'dave@hughesplumbing.co.uk',
      phone: '01332 123456',
      trade: 'plumber',
      business_name: null,
      location: null,
      budget: null,
      services_interested: [],
      message: null,
      page: '/',
      ...touchColumns(adClick, adClick),
      notified_at: new Date('2024-01-15T09:30:13.000Z'),
      notified_by: ['email', 'webhook'],
      notify_attempts: 1,
      notify_error: null,
      next_notify_at: null,
    },
    {
      id: 2,
      created_at: new Date('2024-01-16T14:05:00.000Z'),
      submission_id: '16fd2706-8baf-433b-82eb-8c7fada847da',
      form_type: 'contact',
      name: 'Sarah "Sal" O\'Neill-Montgomery-Smythe',
      email: 'sarah@oneill-electrical.co.uk',
      phone: '+44 7700 900123',
      trade: 'electrician',
      business_name: "O'Neill Electrical, Derby",
      location: 'Derby',
      budget: '1000-2500',
      services_interested: ['Local SEO', 'Google Ads'],
      message: 'Line one,\nline two\x1b[31m',
      page: '/contact',
      ...touchColumns({ landing_path: '/blog/van-signs', referrer_origin: 'https://www.bing.com' }, null),
      notified_at: null,
      notified_by: ['email'],
      notify_attempts: 2,
      notify_error: 'webhook: answered 500',
      next_notify_at: new Date('2024-01-16T14:10:01.000Z'),
    },
    {
      id: 3,
      created_at: new Date('2024-01-17T08:00:00.000Z'),
      submission_id: '2c1b4a8e-3f5d-4e6a-9b7c-0d1e2f3a4b5c',
      form_type: 'newsletter',
      name: null,
      email: 'news@example.co.uk',
      phone: null,
      trade: null,
      business_name: null,
      location: null,
      budget: null,
      services_interested: [],
      message: '=HYPERLINK("http://evil.example")',
      page: '/blog',
      ...touchColumns(null, null),
      notified_at: null,
      notified_by: [],
      notify_attempts: 0,
      notify_error: null,
      next_notify_at: null,
    },
  ];

  it('lists every lead oldest first, every column', async () => {
    await emptyShared();
    for (const row of [rows[2]!, rows[0]!, rows[1]!]) {
      const { id: _, ...columns } = row;
      const names = Object.keys(columns);
      await shared.query(
        `insert into public.leads (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(columns),
      );
    }
    const listed = await listLeads(shared);
    expect(listed.map(({ id, ...rest }) => rest)).toEqual(rows.map(({ id, ...rest }) => rest));
    expect(listed.map((row) => row.id)).toEqual([2, 3, 1]);
  });

  it('formats a table for the terminal: one line per lead, long cells cut, whether the agency was told; then how each found the site, whole; and why one was not told; no server running, it waits for a server with notifications on', () => {
    expect(formatLeads(rows, 'table')).toBe(
      [
        '#  Time (UTC)        Form        Name                      Email                          Phone            Trade        Source                        Notified',
        '-  ----------------  ----------  ------------------------  -----------------------------  ---------------  -----------  ----------------------------  --------',
        '1  2024-01-15 09:30  hero        Dave Hughes               dave@hughesplumbing.co.uk      01332 123456     plumber      Google Ads, campaign plumbe…  sent',
        '2  2024-01-16 14:05  contact     Sarah "Sal" O\'Neill-Mon…  sarah@oneill-electrical.co.uk  +44 7700 900123  electrician  www.bing.com                  waiting',
        '3  2024-01-17 08:00  newsletter                            news@example.co.uk                                           not known                     off',
        '3 leads',
        'How they found the site:',
        '  #1 Dave Hughes: Found us from Google Ads, campaign plumbers-derby, landing on /',
        '  #2 Sarah "Sal" O\'Neill-Montgomery-Smythe: Found us from www.bing.com, landing on /blog/van-signs',
        'Not sent to the agency (1):',
        '  #2 Sarah "Sal" O\'Neill-Montgomery-Smythe: webhook: answered 500 (attempt 2 of 8; tried again from 2024-01-16 14:10 UTC, on the next request to a sitegen preview or dev started with notifications on)',
        '',
      ].join('\n'),
    );
    // Asked of a running server with notifications on, which sends it on the next request it answers.
    const running = formatLeads(rows, 'table', { notifying: true });
    expect(running.split('\n')[3]).toMatch(/ {2}retrying$/);
    expect(running).toContain(
      '  #2 Sarah "Sal" O\'Neill-Montgomery-Smythe: webhook: answered 500 (attempt 2 of 8; tried again from 2024-01-16 14:10 UTC, on the next request)\n',
    );
    const gaveUp = { ...rows[1]!, notify_attempts: 8, next_notify_at: null };
    expect(formatLeads([gaveUp], 'table')).toContain(
      '  #2 Sarah "Sal" O\'Neill-Montgomery-Smythe: webhook: answered 500 (gave up after 8 attempts: pass it on by hand)\n',
    );
    expect(formatLeads([], 'table')).toBe('No leads yet.\n');
  });

  it('keeps terminal escapes, line breaks and bidi overrides of a visitor out of the table', () => {
    const table = formatLeads(
      [
        {
          ...rows[0]!,
          name: 'Evil\x1b]0;pwned\x07\nName',
          email: 'a\u202egnp.exe@example.com',
          phone: '\u2066077\u2069\u200f',
        },
      ],
      'table',
    );
    expect(table).toContain('  Evil ]0;pwned Name  ');
    expect(table).toContain('  a gnp.exe@example.com  ');
    expect(table).toMatch(/ {2}077 {2,}plumber/);
    expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it('formats JSON with every column, bidi controls escaped', () => {
    expect(JSON.parse(formatLeads(rows, 'json'))).toEqual(
      rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        notified_at: row.notified_at?.toISOString() ?? null,
        next_notify_at: row.next_notify_at?.toISOString() ?? null,
      })),
    );
    expect(formatLeads([rows[0]!], 'json')).toBe(
      `[
  {
    "id": 1,
    "created_at": "2024-01-15T09:30:12.345Z",
    "form_type": "hero",
    "name": "Dave Hughes",
    "email": "dave@hughesplumbing.co.uk",
    "phone": "01332 123456",
    "trade": "plumber",
    "business_name": null,
    "location": null,
    "budget": null,
    "services_interested": [],
    "message": null,
    "page": "/",
    "first_landing_path": "/",
    "first_referrer_origin": null,
    "first_utm_source": "google",
    "first_utm_medium": "cpc",
    "first_utm_campaign": "plumbers-derby",
    "first_utm_term": null,
    "first_utm_content": null,
    "first_gclid": "TEST-1",
    "first_gbraid": null,
    "first_wbraid": null,
    "first_arrived_on": null,
    "last_landing_path": "/",
    "last_referrer_origin": null,
    "last_utm_source": "google",
    "last_utm_medium": "cpc",
    "last_utm_campaign": "plumbers-derby",
    "last_utm_term": null,
    "last_utm_content": null,
    "last_gclid": "TEST-1",
    "last_gbraid": null,
    "last_wbraid": null,
    "last_arrived_on": null,
    "submission_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    "notified_at": "2024-01-15T09:30:13.000Z",
    "notified_by": [
      "email",
      "webhook"
    ],
    "notify_attempts": 1,
    "notify_error": null,
    "next_notify_at": null
  }
]
`,
    );
    const bidi = formatLeads([{ ...rows[0]!, name: 'Dave \u202eevaD' }], 'json');
    expect(bidi).toContain('"name": "Dave \\u202eevaD"');
    expect(JSON.parse(bidi)[0].name).toBe('Dave \u202eevaD');
    // A terminal acts on the C1 controls as on ESC: U+009B clears the screen here, U+009D would plant a link.
    const c1 = formatLeads([{ ...rows[0]!, name: 'A\u009b2J\u009d8;;https://example.com\u009cB\u007f' }], 'json');
    expect(c1).toContain('"name": "A\\u009b2J\\u009d8;;https://example.com\\u009cB\\u007f"');
    expect(c1).not.toMatch(/[\u007f-\u009f]/);
    expect(JSON.parse(c1)[0].name).toBe('A\u009b2J\u009d8;;https://example.com\u009cB\u007f');
    expect(formatLeads([], 'json')).toBe('[]\n');
  });

  const csvHeader =
    'id,created_at,form_type,name,email,phone,trade,business_name,location,budget,services_interested,message,page,' +
    'first_landing_path,first_referrer_origin,first_utm_source,first_utm_medium,first_utm_campaign,first_utm_term,first_utm_content,first_gclid,first_gbraid,first_wbraid,first_arrived_on,' +
    'last_landing_path,last_referrer_origin,last_utm_source,last_utm_medium,last_utm_campaign,last_utm_term,last_utm_content,last_gclid,last_gbraid,last_wbraid,last_arrived_on,' +
    'submission_id,notified_at,notified_by,notify_attempts,notify_error,next_notify_at';

  it('formats CSV per RFC 4180, with formulas neutralised; to a file, after a byte order mark for Excel', () => {
    expect(formatLeads(rows, 'csv')).toBe(
      '\uFEFF' +
        [
          csvHeader,
          '1,2024-01-15T09:30:12.345Z,hero,Dave Hughes,dave@hughesplumbing.co.uk,01332 123456,plumber,,,,,,/,/,,google,cpc,plumbers-derby,,,TEST-1,,,,/,,google,cpc,plumbers-derby,,,TEST-1,,,,7c9e6679-7425-40de-944b-e07fc1f90ae7,2024-01-15T09:30:13.000Z,email; webhook,1,,',
          '2,2024-01-16T14:05:00.000Z,contact,"Sarah ""Sal"" O\'Neill-Montgomery-Smythe",sarah@oneill-electrical.co.uk,\'+44 7700 900123,electrician,"O\'Neill Electrical, Derby",Derby,1000-2500,Local SEO; Google Ads,"Line one,\nline two\x1b[31m",/contact,/blog/van-signs,https://www.bing.com,,,,,,,,,,,,,,,,,,,,,16fd2706-8baf-433b-82eb-8c7fada847da,,email,2,webhook: answered 500,2024-01-16T14:10:01.000Z',
          '3,2024-01-17T08:00:00.000Z,newsletter,,news@example.co.uk,,,,,,,"\'=HYPERLINK(""http://evil.example"")",/blog,,,,,,,,,,,,,,,,,,,,,,,2c1b4a8e-3f5d-4e6a-9b7c-0d1e2f3a4b5c,,,0,,',
          '',
        ].join('\r\n'),
    );
    expect(formatLeads([], 'csv')).toBe(`\uFEFF${csvHeader}\r\n`);
  });

  it('writes CSV to a terminal without control or bidi characters; to a file, as stored', () => {
    const hostile = { ...rows[1]!, name: 'Sarah\u202e\u2066', message: 'Line one,\nline two\x1b[31m\x1b]0;title\x07' };
    const terminal = formatLeads([hostile], 'csv', { terminal: true });
    expect(terminal.split('\r\n')[1]).toContain(',Sarah,');
    expect(terminal.split('\r\n')[1]).toContain(',"Line one, line two [31m ]0;title",');
    expect(terminal.slice(0, -2).replaceAll('\r\n', '')).not.toMatch(
      /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
    );
    expect(formatLeads([hostile], 'csv')).toContain('"Line one,\nline two\x1b[31m\x1b]0;title\x07"');
  });
});
