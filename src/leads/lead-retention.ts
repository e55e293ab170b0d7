/**
 * How long leads are kept, and deleting them: the privacy policy promises a
 * lead is deleted 12 months after it was received, and honours erasure
 * requests. Both deletions are database functions of supabase/migrations/
 * (purge_old_leads, erase_leads), which Supabase runs too (pg_cron, daily);
 * locally `sitegen preview` and `dev` purge at every start, and `sitegen
 * leads --purge` and `--erase` on demand.
 */
import { projectNow } from '../config';
import type { Queryable } from './pglite-lead-store';

/** Months a lead is kept after it was received: purge_old_leads's interval, and the privacy policy's promise (tests hold both to it). */
export const leadRetentionMonths = 12;

/**
 * The instant the local purges count from: the project's clock (SITEGEN_NOW) where it is behind the real one, never
 * ahead of it. A clock set a year on to see the scheduled articles must not delete this year's leads.
 */
export function purgeClock(root: string): Date {
  return new Date(Math.min(projectNow(root).getTime(), Date.now()));
}

/** Deletes every lead received more than leadRetentionMonths before `now`; returns how many. */
export async function purgeOldLeads(db: Queryable, now: Date): Promise<number> {
  const result = await db.query<{ purged: number }>('select public.purge_old_leads($1) as purged', [now]);
  return result.rows[0]?.purged ?? 0;
}

/** Deletes every lead sent with `email` (in any case); returns how many. */
export async function eraseLeads(db: Queryable, email: string): Promise<number> {
  const result = await db.query<{ erased: number }>('select public.erase_leads($1) as erased', [email]);
  return result.rows[0]?.erased ?? 0;
}

/** "deleted 2 leads received more than 12 months ago" */
export function purgedLine(count: number): string {
  return `deleted ${count} ${count === 1 ? 'lead' : 'leads'} received more than ${leadRetentionMonths} months ago`;
}
