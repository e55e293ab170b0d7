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

export async function purgeOldLeads(db: Queryable, now: Date): Promise<number> {
  const result = await db.query<{ purged: number }>('select public.purge_old_leads($1) as purged', [now]);
  return result.rows[0]?.purged ?? 0;
}

/** Deletes every lead sent with `email` (in any case); returns how many. */
export async function eraseLeads(db: Queryable, email: string): Promise<number> {
  const result = await db.query<{ erased: number }>('select public.erase_leads($1) as erased', [email]);
  return result.rows[0]?.erased ?? 0;
}

export const leadCount = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;

export const purgedLine = (count: number): string =>
  `deleted ${leadCount(count)} received more than ${leadRetentionMonths} months ago`;
