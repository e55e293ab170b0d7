/**
 * The local lead database: an embedded Postgres (PGlite) that `sitegen
 * preview` / `dev` store leads in and `sitegen leads` lists, so the whole
 * form-to-database path works on a fresh machine with no Supabase account.
 *
 * It is created from the same migration files as the hosted database
 * (supabase/migrations/), after a bootstrap that recreates what Supabase has
 * before any migration runs (its roles and default privileges), so that the
 * migration's row-level security and revokes are what keep the anonymous role
 * out here too, exactly as in production. Its data folder: lead-folder.ts.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generatorPath } from '../config';
import { SitegenError, messageOf } from '../errors';
import { claimLeadDatabase, keepPrivate, markMaking } from './lead-folder';

export type { PGlite };

interface OpenLeadDatabaseOptions {
  /** The folder of migration files; the project's supabase/migrations unless given. */
  migrationsDir?: string;
  /** The data folder's lock, when the caller has claimed it already (claimLeadDatabase); its release, which closing calls. */
  claimed?: () => void;
}

/**
 * PGlite keeps Postgres's 128 MB shared buffer pool, made and cleared at every start: a lead database of a few
 * thousand rows needs a fraction of it, and with a small pool it opens sooner and holds less memory.
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
  const migrations = await readMigrations(options.migrationsDir ?? projectMigrationsDir());
  const dir = dataDir === undefined ? undefined : resolve(dataDir);
  const release = dir === undefined ? () => {} : (options.claimed ?? claimLeadDatabase(dir));
  const made = dir === undefined ? () => {} : markMaking(dir);

  let db: PGlite;
  try {
    db = await PGlite.create(dir, { startParams });
  } catch (cause) {
    release();
    throw new SitegenError(`the lead database ${dir ?? '(in memory)'} could not be opened: ${messageOf(cause)}`, {
      cause,
    });
  }

  const close = db.close.bind(db);
  if (dir !== undefined) keepPrivate(dir);
  db.close = async () => {
    try {
      await close();
      // Files PGlite made while open (new relations, say).
      if (dir !== undefined) keepPrivate(dir);
    } finally {
      release();
    }
  };

  try {
    await db.exec(bootstrapSql);
    await migrate(db, migrations);
    made();
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
  names.sort();
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
