/**
 * The Edge Function's LeadStore: inserts into the hosted `leads` table through
 * supabase-js, connected with the service role (row-level security keeps every
 * other role out; see supabase/migrations/).
 *
 * The client is typed by the little of supabase-js this file uses, so that the
 * Node type-check of supabase/functions/_shared needs no Supabase package; the
 * real SupabaseClient fits it.
 */
import { leadRecord, type Lead, type LeadRecord } from './lead.ts';
import type { LeadStore } from './handle-lead-request.ts';

interface PostgrestResult {
  data: unknown[] | null;
  error: { message: string; code?: string; details?: string | null } | null;
}

/** The part of a supabase-js client this store calls. */
export interface LeadsClient {
  from(table: 'leads'): {
    upsert(
      values: LeadRecord,
      options: { onConflict: 'submission_id'; ignoreDuplicates: true },
    ): { select(columns: 'id'): PromiseLike<PostgrestResult> };
  };
}

export function supabaseLeadStore(client: LeadsClient): LeadStore {
  return {
    async save(lead: Lead) {
      // INSERT … ON CONFLICT (submission_id) DO NOTHING RETURNING id: no row back means
      // this submission_id was stored before (a retry).
      const { data, error } = await client
        .from('leads')
        .upsert(leadRecord(lead), { onConflict: 'submission_id', ignoreDuplicates: true })
        .select('id');
      if (error) throw new Error(`inserting into leads failed: ${error.message}${error.code ? ` (${error.code})` : ''}`);
      return data && data.length > 0 ? 'stored' : 'duplicate';
    },
  };
}
