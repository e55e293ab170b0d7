/**
 * The local lead database (src/leads/lead-database.ts): the real migrations
 * applied once each on a bootstrap that mirrors Supabase's roles and default
 * privileges; the anonymous and signed-in roles kept out of leads; the table's
 * constraints; one process at a time on a data folder; and the text that
 * `sitegen leads` prints.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLead, type Lead } from '../supabase/functions/_shared/lead.ts';
import {
  formatLeads,
  LeadDatabaseBusyError,
  listLeads,
  openLeadDatabase,
  pgliteLeadStore,
  projectMigrationsDir,
  type LeadRow,
  type PGlite,
} from '../src/leads/lead-database';
import { projectRoot } from './support/cli';

const realMigrationsDir = join(projectRoot, 'supabase', 'migrations');
const temps: string[] = [];
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-leads-'));
  temps.push(dir);
  return dir;
}

function lead(payload: Record<string, unknown>): Lead {
  const check = checkLead({ submission_id: randomUUID(), ...payload });
  if (!check.success) throw new Error(check.error);
  return check.lead;
}
const heroLead = () => lead({ form_type: 'hero', name: 'Dave Hughes', email: 'dave@example.co.uk', trade: 'plumber', page: '/' });

async function migrationRows(db: PGlite) {
  return (await db.query<{ name: string; applied_at: Date }>('select name, applied_at from public.sitegen_migrations order by name')).rows;
}

describe('migrations', () => {
  it('finds the project migrations folder from the module itself', () => {
    expect(projectMigrationsDir()).toBe(realMigrationsDir);
  });

  it('applies every migration once, and a reopened database keeps its data', async () => {
    const dataDir = join(await tempDir(), 'leads');
    const files = (await readdir(realMigrationsDir)).filter((name) => name.endsWith('.sql')).sort();
    expect(files).toContain('20240115000000_create_leads.sql');

    const first = await openLeadDatabase(dataDir);
    const applied = await migrationRows(first);
    expect(applied.map((row) => row.name)).toEqual(files);
    const saved = heroLead();
    expect(await pgliteLeadStore(first).save(saved)).toBe('stored');
    await first.close();

    const second = await openLeadDatabase(dataDir);
    expect(await migrationRows(second)).toEqual(applied);
    const rows = await listLeads(second);
    expect(rows.map((row) => row.submission_id)).toEqual([saved.submission_id]);
    expect(await pgliteLeadStore(second).save(saved)).toBe('duplicate');
    await second.close();
  });

  it('applies a migration file added later on the next start, and only that one', async () => {
    const dir = await tempDir();
    const migrationsDir = join(dir, 'migrations');
    const dataDir = join(dir, 'data');
    await mkdir(migrationsDir);
    await copyFile(join(realMigrationsDir, '20240115000000_create_leads.sql'), join(migrationsDir, '20240115000000_create_leads.sql'));

    const first = await openLeadDatabase(dataDir, { migrationsDir });
    await pgliteLeadStore(first).save(heroLead());
    await first.close();

    await writeFile(join(migrationsDir, '20240301000000_add_source.sql'), 'alter table public.leads add column source text;\n');
    const second = await openLeadDatabase(dataDir, { migrationsDir });
    expect((await migrationRows(second)).map((row) => row.name)).toEqual(['20240115000000_create_leads.sql', '20240301000000_add_source.sql']);
    expect((await second.query<{ source: string | null }>('select source from public.leads')).rows).toEqual([{ source: null }]);
    await second.close();
  });

  it('stops at a failing migration, naming it, records nothing of it, and opens once it is fixed', async () => {
    const dir = await tempDir();
    const migrationsDir = join(dir, 'migrations');
    const dataDir = join(dir, 'data');
    await mkdir(migrationsDir);
    await copyFile(join(realMigrationsDir, '20240115000000_create_leads.sql'), join(migrationsDir, '20240115000000_create_leads.sql'));
    const broken = join(migrationsDir, '20240301000000_broken.sql');
    await writeFile(broken, 'alter table public.leads add column source text;\nalter table public.nowhere add column x text;\n');

    await expect(openLeadDatabase(dataDir, { migrationsDir })).rejects.toThrow(
      'migration 20240301000000_broken.sql failed: relation "public.nowhere" does not exist',
    );

    await writeFile(broken, 'alter table public.leads add column source text;\n');
    const db = await openLeadDatabase(dataDir, { migrationsDir });
    expect((await migrationRows(db)).map((row) => row.name)).toEqual(['20240115000000_create_leads.sql', '20240301000000_broken.sql']);
    await db.close();
  });
});

describe('one process at a time', () => {
  it('refuses a second open of the same folder while the first is open, and allows it after close', async () => {
    const dataDir = join(await tempDir(), 'leads');
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
    await mkdir(dataDir);
    const lockFile = join(dataDir, 'sitegen.lock');

    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(lockFile, JSON.stringify({ pid: other.pid }));
      await expect(openLeadDatabase(dataDir)).rejects.toThrow(`the lead database ${dataDir} is in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));

    // The process is gone: its lock is stale.
    const db = await openLeadDatabase(dataDir);
    expect(await listLeads(db)).toEqual([]);
    await db.close();
  });
});

describe('who may touch leads', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await openLeadDatabase(undefined);
    await pgliteLeadStore(db).save(heroLead());
  });
  afterAll(() => db?.close());

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
      await expect(db.query('update public.leads set name = $1', ['x'])).rejects.toThrow('permission denied for table leads');
      await expect(db.query('delete from public.leads')).rejects.toThrow('permission denied for table leads');
      await expect(db.query('select * from public.sitegen_migrations')).rejects.toThrow('permission denied for table sitegen_migrations');
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
    expect((await db.query<{ count: number }>('select count(*)::int as count from public.leads')).rows).toEqual([{ count: 1 }]);
  });

  it('the owner and the service role (the Edge Function) can read and insert', async () => {
    expect((await db.query('select * from public.leads')).rows).toHaveLength(1);
    await as('service_role', async () => {
      expect(await pgliteLeadStore(db).save(heroLead())).toBe('stored');
      expect((await db.query('select * from public.leads')).rows).toHaveLength(2);
    });
  });
});

describe('constraints', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await openLeadDatabase(undefined);
  });
  afterAll(() => db?.close());

  const insert = (values: Record<string, unknown>) => {
    const row = { submission_id: randomUUID(), form_type: 'hero', name: 'Dave', email: 'dave@example.co.uk', ...values };
    const names = Object.keys(row);
    return db.query(`insert into public.leads (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
  };

  it('rejects an unknown form_type', async () => {
    await expect(insert({ form_type: 'quote' })).rejects.toThrow('new row for relation "leads" violates check constraint "leads_form_type_check"');
  });

  it('rejects an over-long name, and the other limits of lead-options.ts', async () => {
    await expect(insert({ name: 'n'.repeat(101) })).rejects.toThrow('violates check constraint "leads_name_length"');
    await insert({ name: 'n'.repeat(100) });
    const limits = { email: 254, phone: 30, business_name: 120, location: 120, message: 5000, page: 200 };
    for (const [column, max] of Object.entries(limits)) {
      await expect(insert({ [column]: 'x'.repeat(max + 1) }), column).rejects.toThrow(`violates check constraint "leads_${column}_length"`);
      await insert({ [column]: 'x'.repeat(max) });
    }
  });

  it('requires an e-mail address always, and a name except for the newsletter', async () => {
    await expect(insert({ email: null })).rejects.toThrow('null value in column "email" of relation "leads" violates not-null constraint');
    await expect(insert({ name: null })).rejects.toThrow('violates check constraint "leads_name_required"');
    await expect(insert({ form_type: 'contact', name: null })).rejects.toThrow('violates check constraint "leads_name_required"');
    await insert({ form_type: 'newsletter', name: null });
  });

  it('holds a submission_id once, and defaults services_interested and created_at', async () => {
    const submission_id = randomUUID();
    await insert({ submission_id });
    await expect(insert({ submission_id })).rejects.toThrow('duplicate key value violates unique constraint "leads_submission_id_key"');
    const row = (await db.query<LeadRow>('select * from public.leads where submission_id = $1', [submission_id])).rows[0]!;
    expect(row.services_interested).toEqual([]);
    expect(Math.abs(row.created_at.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('listing and formatting', () => {
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
    },
  ];

  it('lists every lead oldest first, every column', async () => {
    const db = await openLeadDatabase(undefined);
    try {
      for (const row of [rows[2]!, rows[0]!, rows[1]!]) {
        await db.query(
          `insert into public.leads (submission_id, form_type, name, email, phone, trade, business_name, location, budget, services_interested, message, page, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12, $13)`,
          [row.submission_id, row.form_type, row.name, row.email, row.phone, row.trade, row.business_name, row.location, row.budget, row.services_interested, row.message, row.page, row.created_at],
        );
      }
      const listed = await listLeads(db);
      expect(listed.map(({ id, ...rest }) => rest)).toEqual(rows.map(({ id, ...rest }) => rest));
      expect(listed.map((row) => row.id)).toEqual([2, 3, 1]);
    } finally {
      await db.close();
    }
  });

  it('formats a table for the terminal: one line per lead, long cells cut, control characters removed', () => {
    expect(formatLeads(rows, 'table')).toBe(
      [
        'Time (UTC)        Form        Name                      Email                          Phone            Trade',
        '----------------  ----------  ------------------------  -----------------------------  ---------------  -----------',
        '2024-01-15 09:30  hero        Dave Hughes               dave@hughesplumbing.co.uk      01332 123456     plumber',
        '2024-01-16 14:05  contact     Sarah "Sal" O\'Neill-Mon…  sarah@oneill-electrical.co.uk  +44 7700 900123  electrician',
        '2024-01-17 08:00  newsletter                            news@example.co.uk',
        '3 leads',
        '',
      ].join('\n'),
    );
    expect(formatLeads([{ ...rows[0]!, name: 'Evil\x1b]0;pwned\x07\nName' }], 'table')).toContain('  Evil ]0;pwned Name  ');
    expect(formatLeads([], 'table')).toBe('No leads yet.\n');
  });

  it('formats JSON with every column', () => {
    expect(JSON.parse(formatLeads(rows, 'json'))).toEqual(rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })));
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
    "submission_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
  }
]
`,
    );
    expect(formatLeads([], 'json')).toBe('[]\n');
  });

  it('formats CSV per RFC 4180, with formulas neutralised', () => {
    expect(formatLeads(rows, 'csv')).toBe(
      [
        'id,created_at,form_type,name,email,phone,trade,business_name,location,budget,services_interested,message,page,submission_id',
        '1,2024-01-15T09:30:12.345Z,hero,Dave Hughes,dave@hughesplumbing.co.uk,01332 123456,plumber,,,,,,/,7c9e6679-7425-40de-944b-e07fc1f90ae7',
        '2,2024-01-16T14:05:00.000Z,contact,"Sarah ""Sal"" O\'Neill-Montgomery-Smythe",sarah@oneill-electrical.co.uk,\'+44 7700 900123,electrician,"O\'Neill Electrical, Derby",Derby,1000-2500,Local SEO; Google Ads,"Line one,\nline two\x1b[31m",/contact,16fd2706-8baf-433b-82eb-8c7fada847da',
        '3,2024-01-17T08:00:00.000Z,newsletter,,news@example.co.uk,,,,,,,"\'=HYPERLINK(""http://evil.example"")",/blog,2c1b4a8e-3f5d-4e6a-9b7c-0d1e2f3a4b5c',
        '',
      ].join('\r\n'),
    );
    expect(formatLeads([], 'csv')).toBe('id,created_at,form_type,name,email,phone,trade,business_name,location,budget,services_interested,message,page,submission_id\r\n');
  });
});
