/**
 * The leads table of the local lead database, as the real migrations make
 * it: the anonymous and signed-in roles kept out of leads, by privileges and
 * by row-level security, the owner and the service role let in; and the
 * table's constraints.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PGlite } from '../../src/leads/lead-database';
import { pgliteLeadStore, type LeadRow } from '../../src/leads/pglite-lead-store';
import { emptyShared, heroLead, shared, unlimited, useSharedLeadDatabase } from '../support/lead-database-setup';

useSharedLeadDatabase();

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

  // Every object of schema public, those a later migration adds included: Supabase's default privileges grant each new
  // table, sequence and function to anon and authenticated, and only a revoke in its migration takes that back.
  it('leaves anon and authenticated no privilege on any table, column, sequence or function, and every table under row-level security', async () => {
    const open = await db.query<{ role: string; object: string }>(`
      select role, c.relname as object from pg_class c, unnest(array['anon', 'authenticated']) role
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        and (has_table_privilege(role, c.oid, 'select, insert, update, delete, truncate, references, trigger')
          or (c.relkind <> 'S' and has_any_column_privilege(role, c.oid, 'select, insert, update, references')))
      union all
      select role, p.oid::regprocedure::text from pg_proc p, unnest(array['anon', 'authenticated']) role
      where p.pronamespace = 'public'::regnamespace and has_function_privilege(role, p.oid, 'execute')
      union all
      select 'row-level security off', c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
        and c.relname <> 'sitegen_migrations'`);
    expect(open.rows).toEqual([]);
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
