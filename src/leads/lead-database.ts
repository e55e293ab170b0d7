/**
 * The local lead database, an embedded Postgres (PGlite), so the whole form-to-database path works on a fresh machine
 * with no Supabase account. It is made from the hosted database's own migrations (supabase/migrations/), after a
 * bootstrap of what Supabase has before any (its roles and default privileges), so that the migrations' row-level
 * security and revokes are what keep the anonymous role out here too, exactly as in production.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generatorPath } from '../config';
import { SitegenError, messageOf } from '../errors';
import { claimLeadDatabase, keepPrivate, markMaking } from './lead-folder';

export type { PGlite };

/** A buffer pool of 16 MB, not 128 made at every start; no log segment kept to be reused: it holds leads deleted. */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_recycle=off'];

/**
 * In memory when `dataDir` is undefined. `db.close()` releases the data folder's lock too. `claimed`: the release of
 * that lock, when the caller has claimed it already (claimLeadDatabase).
 */
export async function openLeadDatabase(
  dataDir: string | undefined,
  options: { migrationsDir?: string; claimed?: () => void } = {},
): Promise<PGlite> {
  const migrations = await readMigrations(options.migrationsDir ?? projectMigrationsDir());
  const dir = dataDir === undefined ? undefined : resolve(dataDir);
  const release = dir === undefined ? () => {} : (options.claimed ?? claimLeadDatabase(dir));
  const made = dir === undefined ? () => {} : markMaking(dir);

  const db = await PGlite.create(dir, { startParams }).catch((cause: unknown) => {
    release();
    const problem = `the lead database ${dir ?? '(in memory)'} could not be opened: ${messageOf(cause)}`;
    throw new SitegenError(problem, { cause });
  });

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
 * What a Supabase database has before the project's migrations: the roles the API connects as, and their privileges in
 * schema public. Idempotent. (Exported for the test that applies the migrations to PostgreSQL itself.)
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

type Migration = { name: string; sql: string };

async function readMigrations(dir: string): Promise<Migration[]> {
  const names = await readdir(dir).catch((cause: unknown) => {
    throw new SitegenError(`the migrations folder ${dir} could not be read: ${messageOf(cause)}`, { cause });
  });
  const files = names.filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(files.map(async (name) => ({ name, sql: await readFile(join(dir, name), 'utf8') })));
}

async function migrate(db: PGlite, migrations: Migration[]): Promise<void> {
  const { rows } = await db.query<{ name: string }>('select name from public.sitegen_migrations');
  const applied = new Set(rows.map((row) => row.name));
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
export const projectMigrationsDir = (): string => generatorPath('supabase', 'migrations');
