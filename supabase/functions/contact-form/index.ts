/**
 * The contact-form Edge Function: every lead the site's forms send arrives
 * here (POST {SUPABASE_URL}/functions/v1/contact-form). The request handling is
 * shared with the local server (../_shared/handle-lead-request.ts); this file
 * only connects it to the project's database with the service role, the one
 * role allowed to insert into `leads`.
 *
 * Deploy: supabase functions deploy contact-form
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set by Supabase itself;
 * ALLOWED_ORIGIN (optional, e.g. https://www.tradeboostdigital.co.uk) limits
 * which site may call it from a browser.
 */
import { createClient } from '@supabase/supabase-js';
import { createLeadHandler } from '../_shared/handle-lead-request.ts';
import { supabaseLeadStore } from '../_shared/supabase-lead-store.ts';

const client = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
  auth: { persistSession: false },
});

Deno.serve(createLeadHandler(supabaseLeadStore(client), { allowOrigin: Deno.env.get('ALLOWED_ORIGIN') ?? '*' }));
