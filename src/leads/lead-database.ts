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
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { LeadStore } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { leadRecord, type Lead, type LeadRecord } from '../../supabase/functions/_shared/lead.ts';
import { SitegenError, messageOf } from '../errors';

export type { PGlite };

/** A row of `leads` as read back. */
export interface LeadRow extends LeadRecord {
  id: number;
  created_at: Date;
}

export type LeadFormat = 'table' | 'json' | 'csv';

export interface OpenLeadDatabaseOptions {
  /** The folder of migration files; the project's supabase/migrations unless given. */
  migrationsDir?: string;
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
 * Opens (creating it if need be) the lead database in `dataDir`, or in memory
 * when `dataDir` is undefined, and applies every migration not yet applied.
 * Close it with `db.close()`, which also releases the lock.
 */
export async function openLeadDatabase(dataDir: string | undefined, options: OpenLeadDatabaseOptions = {}): Promise<PGlite> {
  const migrationsDir = options.migrationsDir ?? projectMigrationsDir();
  const migrations = await readMigrations(migrationsDir);

  let release = () => {};
  if (dataDir !== undefined) {
    dataDir = resolve(dataDir);
    mkdirSync(dataDir, { recursive: true });
    const releaseLock = acquireLock(dataDir);
    // A process that exits without closing leaves no lock behind (one killed
    // leaves a lock naming a dead process, which the next open takes over).
    process.once('exit', releaseLock);
    release = () => {
      process.removeListener('exit', releaseLock);
      releaseLock();
    };
  }

  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (cause) {
    release();
    throw new SitegenError(`the lead database ${dataDir ?? '(in memory)'} could not be opened: ${messageOf(cause)}`, { cause });
  }

  const close = db.close.bind(db);
  db.close = async () => {
    try {
      await close();
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
 */
const bootstrapSql = `
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
  const applied = new Set((await db.query<{ name: string }>('select name from public.sitegen_migrations')).rows.map((row) => row.name));
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

/**
 * supabase/migrations of the project this module belongs to: the nearest
 * folder above it with a package.json. Found by walking up because this file
 * runs both as src/leads/lead-database.ts (tests) and bundled under lib/.
 */
export function projectMigrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'supabase', 'migrations');
    const parent = dirname(dir);
    if (parent === dir) throw new SitegenError('the project root (a folder with package.json) was not found above the lead database module');
    dir = parent;
  }
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
      writeFileSync(file, mine, { flag: 'wx' });
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
    if (holder === 'starting' || isAlive(holder)) throw new LeadDatabaseBusyError(dataDir, holder === 'starting' ? null : holder);
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

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process not yet reaped (a zombie) still answers kill(0) on Linux.
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

type Queryable = Pick<PGlite, 'query'>;

/** The local server's LeadStore: one insert, a repeated submission_id ignored. */
export function pgliteLeadStore(db: Queryable): LeadStore {
  return {
    async save(lead: Lead) {
      const row = leadRecord(lead);
      const result = await db.query<{ id: number }>(
        `insert into public.leads
           (submission_id, form_type, name, email, phone, trade, business_name, location, budget, services_interested, message, page)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12)
         on conflict (submission_id) do nothing
         returning id`,
        [
          row.submission_id,
          row.form_type,
          row.name,
          row.email,
          row.phone,
          row.trade,
          row.business_name,
          row.location,
          row.budget,
          row.services_interested,
          row.message,
          row.page,
        ],
      );
      return result.rows.length > 0 ? 'stored' : 'duplicate';
    },
  };
}

const columns = [
  'id',
  'created_at',
  'form_type',
  'name',
  'email',
  'phone',
  'trade',
  'business_name',
  'location',
  'budget',
  'services_interested',
  'message',
  'page',
  'submission_id',
] as const satisfies readonly (keyof LeadRow)[];

/** Every lead, oldest first. */
export async function listLeads(db: Queryable): Promise<LeadRow[]> {
  const result = await db.query<LeadRow>(`select ${columns.join(', ')} from public.leads order by created_at, id`);
  return result.rows;
}

/**
 * Leads as text for the terminal or a file. Each format ends with a line
 * break, so write it as is (process.stdout.write):
 * - table: one lead per line (time in UTC, form, name, e-mail, phone, trade),
 *   or 'No leads yet.';
 * - json: the rows, every column, created_at in ISO 8601;
 * - csv: RFC 4180 (CRLF, a header row, quotes where needed), services joined
 *   with '; '. A cell starting with =, +, -, @, tab or CR gets a leading '
 *   so that a spreadsheet shows it as text and never runs it as a formula
 *   (leads are typed by strangers).
 */
export function formatLeads(rows: readonly LeadRow[], format: LeadFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]]))), null, 2)}\n`;
    case 'csv':
      return [columns.join(','), ...rows.map((row) => columns.map((column) => csvCell(csvValue(row, column))).join(','))].map((line) => `${line}\r\n`).join('');
    case 'table':
      return formatTable(rows);
  }
}

function csvValue(row: LeadRow, column: (typeof columns)[number]): string {
  const value = row[column];
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const tableColumns: { title: string; max: number; value: (row: LeadRow) => string }[] = [
  { title: 'Time (UTC)', max: 16, value: (row) => row.created_at.toISOString().slice(0, 16).replace('T', ' ') },
  { title: 'Form', max: 10, value: (row) => row.form_type },
  { title: 'Name', max: 24, value: (row) => row.name ?? '' },
  { title: 'Email', max: 32, value: (row) => row.email },
  { title: 'Phone', max: 18, value: (row) => row.phone ?? '' },
  { title: 'Trade', max: 12, value: (row) => row.trade ?? '' },
];

function formatTable(rows: readonly LeadRow[]): string {
  if (rows.length === 0) return 'No leads yet.\n';
  const cells = rows.map((row) => tableColumns.map((column) => fit(terminalText(column.value(row)), column.max)));
  const widths = tableColumns.map((column, index) => Math.max(column.title.length, ...cells.map((line) => length(line[index]!))));
  const line = (values: string[]) =>
    values
      .map((value, index) => value + ' '.repeat(widths[index]! - length(value)))
      .join('  ')
      .trimEnd();
  const header = line(tableColumns.map((column) => column.title));
  const rule = line(widths.map((width) => '-'.repeat(width)));
  const count = `${rows.length} ${rows.length === 1 ? 'lead' : 'leads'}`;
  return [header, rule, ...cells.map(line), count].map((text) => `${text}\n`).join('');
}

/** Control characters (line breaks, terminal escapes) from a visitor's text become spaces. */
function terminalText(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
}

const length = (value: string) => [...value].length;

function fit(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}
