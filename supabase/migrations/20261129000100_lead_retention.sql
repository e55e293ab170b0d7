-- Keeping leads no longer than the privacy policy says: a lead is deleted 12
-- months after it was received (leadRetentionMonths in
-- src/leads/lead-retention.ts, which tests hold this function and the
-- policy's sentence to), and an erasure request deletes every lead of one
-- address.
--
-- Supabase runs purge_old_leads every day with pg_cron, scheduled below
-- wherever the extension can be had. The local databases (PGlite, which has no
-- pg_cron) are purged by `sitegen preview` and `dev` at every start and by
-- `sitegen leads --purge`, through the same function.

-- Deletes every lead received more than 12 months before `at`; returns how many.
create function public.purge_old_leads(at timestamptz default now())
returns integer
language sql
set search_path = ''
as $$
  with purged as (
    delete from public.leads old where old.created_at < at - interval '12 months' returning 1
  )
  select count(*)::integer from purged;
$$;

-- Deletes every lead sent with this e-mail address, in any case; returns how many.
create function public.erase_leads(address text)
returns integer
language sql
set search_path = ''
as $$
  with erased as (
    delete from public.leads lead where lower(lead.email) = lower(trim(address)) returning 1
  )
  select count(*)::integer from erased;
$$;

revoke all on function public.purge_old_leads(timestamptz) from public, anon, authenticated;
revoke all on function public.erase_leads(text) from public, anon, authenticated;
grant execute on function public.purge_old_leads(timestamptz) to service_role;
grant execute on function public.erase_leads(text) to service_role;

-- Every day at 03:17 UTC, where pg_cron can be had (Supabase has it; a
-- database without it, as the local ones, is purged by sitegen instead; a
-- server that runs pg_cron in another of its databases refuses it here, and
-- the functions above stay). Scheduling under a name replaces a job of that
-- name, so running this again leaves one job.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      perform cron.schedule('purge-old-leads', '17 3 * * *', 'select public.purge_old_leads()');
    exception when others then
      raise notice 'old leads are not purged on a schedule here (pg_cron: %): call public.purge_old_leads() daily', sqlerrm;
    end;
  end if;
end
$$;
