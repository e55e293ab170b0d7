/**
 * The local servers' LeadStore, over the embedded Postgres. Like the Edge Function's store, it only calls the database
 * functions of supabase/migrations/, so the local path runs the production SQL.
 */
import type { PGlite } from '@electric-sql/pglite';
import { touchColumnNames } from '../../supabase/functions/_shared/attribution.ts';
import type { LeadRecord } from '../../supabase/functions/_shared/lead.ts';
import { saveOutcome, storedLead, storeLeadArguments } from '../../supabase/functions/_shared/lead-store.ts';
import type { Channel, LeadStore, SaveOptions, StoreLeadRow } from '../../supabase/functions/_shared/lead-store.ts';

export type Queryable = Pick<PGlite, 'query'>;

export interface LeadRow extends LeadRecord {
  id: number;
  created_at: Date;
  notified_at: Date | null;
  notified_by: string[];
  notify_attempts: number;
  notify_error: string | null;
  next_notify_at: Date | null;
}

export const pgliteLeadStore = (db: Queryable): LeadStore => ({
  async save(record: LeadRecord, options: SaveOptions) {
    const args = storeLeadArguments(record, options);
    const result = await db.query<StoreLeadRow>('select * from public.store_lead($1::jsonb, $2, $3, $4, $5)', [
      JSON.stringify(args.lead),
      args.client_address,
      args.rate_max,
      args.rate_window_seconds,
      args.notifications_on,
    ]);
    return saveOutcome(record, result.rows[0]);
  },
  async claimDueNotifications(max: number) {
    return (await db.query<LeadRow>('select * from public.claim_lead_notifications($1)', [max])).rows.map(storedLead);
  },
  async recordNotification(leadId: number, sent: readonly Channel[], failure: string | null) {
    await db.query('select public.record_lead_notification($1, $2::text[], $3)', [leadId, sent, failure]);
  },
});

export const leadColumns = [
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
  ...touchColumnNames,
  'submission_id',
  'notified_at',
  'notified_by',
  'notify_attempts',
  'notify_error',
  'next_notify_at',
] as const satisfies readonly (keyof LeadRow)[];

export const listLeads = async (db: Queryable): Promise<LeadRow[]> =>
  (await db.query<LeadRow>(`select ${leadColumns.join(', ')} from public.leads order by created_at, id`)).rows;
