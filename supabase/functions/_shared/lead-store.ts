/**
 * Where leads are kept. Two stores implement this: the Edge Function's
 * (supabase-lead-store.ts, over Supabase's REST API) and the local servers'
 * (src/leads/pglite-lead-store.ts, over the embedded Postgres). Both only call
 * the database functions of supabase/migrations/ (store_lead,
 * claim_lead_notifications, record_lead_notification), so what happens to a
 * lead (the duplicate check, the rate limit, the retry schedule) is written
 * once, in SQL, and holds across every instance of the function.
 */
import { touchColumnsOf } from './attribution.ts';
import type { LeadRecord } from './lead.ts';

/** The ways a lead reaches the agency. */
export type Channel = 'webhook' | 'email';

/** At most `max` new leads from one client in `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** A lead as stored, with what notification needs of its row. */
export interface StoredLead extends LeadRecord {
  id: number;
  created_at: Date;
  /** The channels that have it already. */
  notified_by: Channel[];
}

export type SaveOutcome =
  | { outcome: 'stored'; lead: StoredLead }
  /** Its submission_id is stored already: a retry, safe to answer with success. */
  | { outcome: 'duplicate' }
  | { outcome: 'limited'; retryAfterSeconds: number };

export interface SaveOptions {
  /** The client's address: hashed with a salt in the database, never stored. */
  client: string;
  /** null: no limit. */
  rateLimit: RateLimit | null;
  /** Whether any channel is configured: a lead stored while none is, is never sent. */
  notify: boolean;
}

export interface LeadStore {
  save(record: LeadRecord, options: SaveOptions): Promise<SaveOutcome>;
  /** Leads whose notification is due (failed before, or left mid-attempt), each leased to this caller for a minute. */
  claimDueNotifications(max: number): Promise<StoredLead[]>;
  /** One attempt's result: the channels that took the lead, and the failure if one did not. */
  recordNotification(leadId: number, sent: readonly Channel[], failure: string | null): Promise<void>;
}

/** The arguments of store_lead, by name, as both stores pass them. */
export function storeLeadArguments(record: LeadRecord, options: SaveOptions) {
  return {
    lead: record,
    client_address: options.client,
    rate_max: options.rateLimit?.max ?? null,
    rate_window_seconds: options.rateLimit?.windowSeconds ?? null,
    notifications_on: options.notify,
  };
}

/** store_lead's one row, as both stores read it back. */
export interface StoreLeadRow {
  outcome: 'stored' | 'duplicate' | 'limited';
  retry_after_seconds: number | null;
  lead_id: number | string | null;
  lead_created_at: Date | string | null;
}

export function saveOutcome(record: LeadRecord, row: StoreLeadRow | undefined): SaveOutcome {
  if (!row) throw new Error('store_lead returned no row');
  if (row.outcome === 'duplicate') return { outcome: 'duplicate' };
  if (row.outcome === 'limited') return { outcome: 'limited', retryAfterSeconds: row.retry_after_seconds ?? 60 };
  return {
    outcome: 'stored',
    lead: {
      ...record,
      id: Number(row.lead_id),
      created_at: new Date(row.lead_created_at ?? Date.now()),
      notified_by: [],
    },
  };
}

/** A row of leads as claim_lead_notifications returns it, from either store. */
export function storedLead(
  row: LeadRecord & { id: number | string; created_at: Date | string; notified_by: string[] },
): StoredLead {
  return {
    submission_id: row.submission_id,
    form_type: row.form_type,
    name: row.name,
    email: row.email,
    phone: row.phone,
    trade: row.trade,
    business_name: row.business_name,
    location: row.location,
    budget: row.budget,
    services_interested: row.services_interested,
    message: row.message,
    page: row.page,
    ...touchColumnsOf(row),
    id: Number(row.id),
    created_at: new Date(row.created_at),
    notified_by: row.notified_by.filter((channel): channel is Channel => channel === 'webhook' || channel === 'email'),
  };
}
