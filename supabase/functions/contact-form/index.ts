/**
 * The contact-form Edge Function: every lead the site's forms send arrives
 * here (POST {SUPABASE_URL}/functions/v1/contact-form). The request handling is
 * shared with the local server (../_shared/handle-lead-request.ts); this file
 * only reads the function's secrets, connects to the project's database with
 * the service role (the one role allowed to store leads), and says who the
 * client is.
 *
 * Deploy: supabase functions deploy contact-form (see the README).
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set by Supabase itself; the
 * optional secrets (ALLOWED_ORIGIN, LEAD_RATE_LIMIT, LEAD_WEBHOOK_URL,
 * RESEND_API_KEY, LEAD_EMAIL_TO, LEAD_EMAIL_FROM) are read by
 * ../_shared/lead-settings.ts. A missing or wrong one does not crash the
 * function: every request gets a JSON 500 and the log names the variable.
 */
import { createClient } from '@supabase/supabase-js';
import {
  createLeadHandler,
  createMisconfiguredHandler,
  type LeadRequestHandler,
} from '../_shared/handle-lead-request.ts';
import { LeadSettingsError, readLeadSettings } from '../_shared/lead-settings.ts';
import { supabaseLeadStore } from '../_shared/supabase-lead-store.ts';

function contactForm(env: (name: string) => string | undefined): LeadRequestHandler {
  const problems = ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY']
    .filter((name) => !env(name)?.trim())
    .map((name) => `${name} is not set`);
  let settings;
  try {
    settings = readLeadSettings(env);
  } catch (error) {
    if (!(error instanceof LeadSettingsError)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length > 0 || !settings) return createMisconfiguredHandler(problems);

  const client = createClient(env('SUPABASE_URL')!.trim(), env('SUPABASE_SERVICE_ROLE_KEY')!.trim(), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return createLeadHandler({ store: supabaseLeadStore(client), settings });
}

/**
 * The visitor's address, for the rate limit. Supabase's gateway sits behind
 * Cloudflare, which sets cf-connecting-ip itself (a client cannot choose it).
 * Else x-forwarded-for's last entry, written by the proxy nearest the function:
 * the entries before it are whatever the client sent, a new one each time.
 */
function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1);
  return network(headers.get('cf-connecting-ip')?.trim() || forwarded?.trim() || 'unknown');
}

/** An IPv6 address by its /64, the block one home or server is given: each of its addresses is the same client. */
function network(address: string): string {
  if (!address.includes(':') || address.includes('.')) return address;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const [head, tail] = address.split('::');
  const zeros = tail === undefined ? [] : Array(8 - groups(head).length - groups(tail).length).fill('0');
  const full = [...groups(head), ...zeros, ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

const handle = contactForm((name) => Deno.env.get(name));
Deno.serve((request) => handle(request, { address: clientAddress(request.headers) }));
