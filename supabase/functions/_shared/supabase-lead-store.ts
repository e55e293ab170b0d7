/**
 * The Edge Function's LeadStore: the database functions of
 * supabase/migrations/ called through Supabase's REST API (supabase-js's
 * rpc), connected with the service role, the only role allowed to call them.
 *
 * The client is typed by the little of supabase-js this file uses, so that the
 * Node type-check of supabase/functions/_shared needs no Supabase package; the
 * real SupabaseClient fits it.
 */
import type { LeadRecord } from './lead.ts';
import {
  saveOutcome,
  storedLead,
  storeLeadArguments,
  type Channel,
  type LeadStore,
  type SaveOptions,
  type StoreLeadRow,
} from './lead-store.ts';

interface RpcResult {
  data: unknown;
  error: { message: string; code?: string } | null;
}

/** The part of a supabase-js client this store calls. */
export interface RpcClient {
  rpc(fn: string, args: Record<string, unknown>): PromiseLike<RpcResult>;
}

export function supabaseLeadStore(client: RpcClient): LeadStore {
  const call = async (fn: string, args: Record<string, unknown>): Promise<unknown> => {
    const { data, error } = await client.rpc(fn, args);
    if (error) throw new Error(`${fn} failed: ${error.message}${error.code ? ` (${error.code})` : ''}`);
    return data;
  };
  return {
    async save(record: LeadRecord, options: SaveOptions) {
      const rows = (await call('store_lead', storeLeadArguments(record, options))) as StoreLeadRow[];
      return saveOutcome(record, rows[0]);
    },
    async claimDueNotifications(max: number) {
      const rows = (await call('claim_lead_notifications', { max_leads: max })) as Parameters<typeof storedLead>[0][];
      return rows.map(storedLead);
    },
    async recordNotification(leadId: number, sent: readonly Channel[], failure: string | null) {
      await call('record_lead_notification', { lead_id: leadId, sent, failure });
    },
  };
}
