-- Leads: every enquiry the site's forms send (hero, contact and newsletter).
--
-- This file is the only definition of the table. Supabase applies it to the
-- hosted database (`supabase db push`), and `sitegen preview` / `dev` apply it
-- to their embedded Postgres (src/leads/lead-database.ts), so both hold the
-- same table with the same rules.
--
-- Who may touch it: only the contact-form Edge Function inserts, connecting
-- with the service role (which bypasses row-level security). The anonymous key
-- the browser holds (role anon) and signed-in users (role authenticated) can
-- neither read nor write a lead: row-level security is on with no policy for
-- them, and the table privileges Supabase grants them by default are revoked.
--
-- The length limits mirror `limits` in supabase/functions/_shared/lead-options.ts;
-- the Edge Function validates every field before it gets here (lead.ts), so
-- these checks are the last line, not the error messages visitors see.

create table public.leads (
  id bigint generated always as identity primary key,
  -- Made by the browser once per form fill; a retried submission carries the
  -- same id and is stored once.
  submission_id uuid not null unique,
  form_type text not null
    constraint leads_form_type_check check (form_type in ('hero', 'contact', 'newsletter')),
  name text
    constraint leads_name_length check (char_length(name) <= 100),
  email text not null
    constraint leads_email_length check (char_length(email) <= 254),
  phone text
    constraint leads_phone_length check (char_length(phone) <= 30),
  trade text,
  business_name text
    constraint leads_business_name_length check (char_length(business_name) <= 120),
  location text
    constraint leads_location_length check (char_length(location) <= 120),
  budget text,
  services_interested text[] not null default '{}',
  message text
    constraint leads_message_length check (char_length(message) <= 5000),
  -- The path of the page the form was sent from.
  page text
    constraint leads_page_length check (char_length(page) <= 200),
  created_at timestamptz not null default now(),
  -- The newsletter form asks for an e-mail address only.
  constraint leads_name_required check (form_type = 'newsletter' or name is not null)
);

comment on table public.leads is
  'Enquiries from the website forms. Inserted only by the contact-form Edge Function with the service role; anon and authenticated have no access.';

create index leads_created_at_idx on public.leads (created_at);

-- No policy for anon or authenticated: with row-level security on, they match no row.
alter table public.leads enable row level security;

-- Supabase grants anon and authenticated every privilege on new tables and
-- sequences in public by default; take them back.
revoke all on table public.leads from anon, authenticated;
revoke all on sequence public.leads_id_seq from anon, authenticated;
