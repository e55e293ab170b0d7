-- The privacy policy keeps a sender's hashed IP address (lead_rate_events)
-- for a day. store_lead deleted the old ones only as the next lead came in,
-- so on a quiet site they stayed for weeks: the daily purge deletes them too.
-- LEAD_RATE_LIMIT's period is at most a day (lead-settings.ts), so no rate
-- window needs one older.

-- Deletes every lead received more than 12 months before `at`, and every
-- sender's hash older than a day; returns how many leads.
create or replace function public.purge_old_leads(at timestamptz default now())
returns integer
language sql
set search_path = ''
as $$
  with forgotten as (
    delete from public.lead_rate_events event where event.at < purge_old_leads.at - interval '1 day'
  ), purged as (
    delete from public.leads old where old.created_at < purge_old_leads.at - interval '12 months' returning 1
  )
  select count(*)::integer from purged;
$$;
