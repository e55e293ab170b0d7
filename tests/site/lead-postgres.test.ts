/**
 * The migrations on PostgreSQL 15 itself, with pg_cron loaded as Supabase
 * loads it (Debian's postgresql-15 and postgresql-15-cron, which the pretest
 * script installs): a throwaway cluster in a temporary folder, reached over
 * its own socket only. The retention migration schedules the daily purge
 * with pg_cron; the job's own command deletes a lead a year and a day old and
 * keeps a younger one; erase_leads deletes one address's leads; store_lead
 * keeps a lead's touches.
 */
import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapSql } from '../../src/leads/lead-database';
import { migrationsDir } from '../support/migrated-leads';

const run = promisify(execFile);
const bin = '/usr/lib/postgresql/15/bin';

let dir: string;
/** PostgreSQL will not run as root: as root, the cluster runs as Debian's postgres user. */
let user: { uid: number; gid: number } | undefined;

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const { stdout } = await run('getent', ['passwd', 'postgres']);
  const [, , uid, gid] = stdout.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const pg = (command: string, args: string[]) =>
  run(join(bin, command), args, { ...user, cwd: dir, env: { PATH: process.env.PATH, LC_ALL: 'C.UTF-8' } });

/** Runs SQL in a database of the cluster (postgres), stopping at the first error; each row's columns joined by |. */
async function sql(text: string, database = 'postgres'): Promise<string[]> {
  const { stdout } = await pg('psql', [
    '-X',
    '-q',
    '-At',
    '-v',
    'ON_ERROR_STOP=1',
    '-h',
    dir,
    '-U',
    'postgres',
    '-d',
    database,
    '-c',
    text,
  ]);
  return stdout.split('\n').filter((line) => line !== '');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitegen-pg-'));
  user = await postgresUser();
  if (user) await chown(dir, user.uid, user.gid);
  await pg('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = `-c listen_addresses='' -k ${dir} -c shared_preload_libraries=pg_cron -c cron.database_name=postgres`;
  await pg('pg_ctl', ['-D', join(dir, 'data'), '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await migrate('postgres');
}, 120_000);

/** The bootstrap, then each migration file in one transaction, as `supabase db push` applies them. */
async function migrate(database: string): Promise<void> {
  await sql(bootstrapSql, database);
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  for (const file of files) {
    const where = ['-h', dir, '-U', 'postgres', '-d', database];
    await pg('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-1', ...where, '-f', join(migrationsDir, file)]);
  }
}

afterAll(async () => {
  if (dir) {
    await pg('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
});

describe('the migrations on PostgreSQL 15 with pg_cron', () => {
  it('schedule the purge of old leads every day, in this database, with pg_cron running', async () => {
    expect(await sql('select jobname, schedule, command, database, active from cron.job')).toEqual([
      'purge-old-leads|17 3 * * *|select public.purge_old_leads()|postgres|t',
    ]);
    await expect
      .poll(() => sql("select count(*) from pg_stat_activity where backend_type = 'pg_cron launcher'"))
      .toEqual(['1']);
  });

  it('apply to a database pg_cron cannot be created in (it runs in postgres alone): every function there, no job', async () => {
    await sql('create database leads');
    await migrate('leads');
    const functions = "select proname from pg_proc where proname in ('store_lead', 'purge_old_leads', 'erase_leads')";
    expect((await sql(functions, 'leads')).sort()).toEqual(['erase_leads', 'purge_old_leads', 'store_lead']);
    expect(await sql("select count(*) from pg_extension where extname = 'pg_cron'", 'leads')).toEqual(['0']);
    expect(await sql('select jobname, database from cron.job')).toEqual(['purge-old-leads|postgres']);
  });

  it("the job's command deletes a lead received a year and a day ago, and keeps one a day short of a year", async () => {
    await sql(`
      insert into public.leads (submission_id, form_type, name, email, created_at) values
        (gen_random_uuid(), 'hero', 'Old Lead', 'old@example.co.uk', now() - interval '12 months 1 day'),
        (gen_random_uuid(), 'hero', 'Kept Lead', 'kept@example.co.uk', now() - interval '12 months' + interval '1 day')`);
    const [command] = await sql("select command from cron.job where jobname = 'purge-old-leads'");
    expect(await sql(command!)).toEqual(['1']);
    expect(
      await sql("select email from public.leads where email in ('old@example.co.uk', 'kept@example.co.uk')"),
    ).toEqual(['kept@example.co.uk']);
  });

  it('erase_leads deletes every lead of one address, in any case, and says how many', async () => {
    await sql(`
      insert into public.leads (submission_id, form_type, name, email) values
        (gen_random_uuid(), 'hero', 'Dave', 'dave@hughesplumbing.co.uk'),
        (gen_random_uuid(), 'contact', 'Dave', 'Dave@HughesPlumbing.co.uk'),
        (gen_random_uuid(), 'hero', 'Sarah', 'sarah@oneill-electrical.co.uk')`);
    expect(await sql("select public.erase_leads('DAVE@hughesplumbing.co.uk')")).toEqual(['2']);
    expect(await sql("select count(*) from public.leads where lower(email) = 'dave@hughesplumbing.co.uk'")).toEqual([
      '0',
    ]);
    expect(await sql("select count(*) from public.leads where email = 'sarah@oneill-electrical.co.uk'")).toEqual(['1']);
  });

  it("store_lead keeps a lead's first and last touch", async () => {
    const lead = {
      submission_id: '0b7e7a1c-3c1f-4f7e-9a57-2f1d1c9e8b01',
      form_type: 'hero',
      name: 'Dave',
      email: 'touch@example.co.uk',
      services_interested: [],
      first_landing_path: '/',
      first_referrer_origin: 'https://www.bing.com',
      last_landing_path: '/contact',
      last_utm_source: 'google',
      last_utm_campaign: 'plumbers-derby',
      last_gclid: 'TEST-1',
    };
    expect(
      await sql(
        `select outcome from public.store_lead('${JSON.stringify(lead)}'::jsonb, '127.0.0.1', null, null, false)`,
      ),
    ).toEqual(['stored']);
    expect(
      await sql(
        "select first_landing_path, first_referrer_origin, last_landing_path, last_utm_source, last_utm_campaign, last_gclid from public.leads where email = 'touch@example.co.uk'",
      ),
    ).toEqual(['/|https://www.bing.com|/contact|google|plumbers-derby|TEST-1']);
  });
});
