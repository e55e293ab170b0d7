/**
 * The privacy policy promises a lead is deleted 12 months after it was received, and honours erasure requests. Both
 * deletions are database functions of supabase/migrations/, which Supabase runs daily too (pg_cron); locally `sitegen
 * preview` and `dev` purge at every start, and `sitegen leads --purge` and `--erase` on demand.
 */
import { projectNow } from '../config';
import type { Queryable } from './pglite-lead-store';

/** purge_old_leads's interval, and the privacy policy's promise (tests hold both to it). */
export const leadRetentionMonths = 12;

/** SITEGEN_NOW, never ahead of the real clock: one set on to see scheduled articles purges no lead, ages no ad click. */
export const leadsClock = (root: string): Date => new Date(Math.min(projectNow(root).getTime(), Date.now()));

/**
 * Calls a deleting function of supabase/migrations/, then rewrites what still holds the deleted leads' bytes, readable
 * in the folder's files until then: the table's file, and the write-ahead log's segment (never reused: lead-database.ts).
 */
async function deleteLeads(db: Queryable, call: string, argument: unknown): Promise<number> {
  const count = (await db.query<{ count: number }>(`select ${call}($1) as count`, [argument])).rows[0]?.count ?? 0;
  const rewrite = ['vacuum full public.leads', 'select pg_switch_wal()', 'checkpoint'];
  for (const sql of count > 0 ? rewrite : []) await db.query(sql);
  return count;
}

export const purgeOldLeads = (db: Queryable, now: Date) => deleteLeads(db, 'public.purge_old_leads', now);

/** Deletes every lead sent with `email` (in any case); returns how many. */
export const eraseLeads = (db: Queryable, email: string) => deleteLeads(db, 'public.erase_leads', email);

export const leadCount = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;

export const purgedLine = (count: number): string =>
  `deleted ${leadCount(count)} received more than ${leadRetentionMonths} months ago`;
