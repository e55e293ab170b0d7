import type { FormsCopy } from '../../src/content/model';

/** Where forms send leads: Supabase's functions URL, or the local server's when none is configured. */
export interface LeadEndpoint {
  /** Base URL of the functions, such as https://xyz.supabase.co/functions/v1 or /functions/v1. */
  url: string;
  /** Supabase's public anonymous key; empty for the local server. */
  anonKey: string;
}

export type ToastCopy = FormsCopy['toasts'];
