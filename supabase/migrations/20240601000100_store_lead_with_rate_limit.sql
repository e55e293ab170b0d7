-- Storing a lead, with a rate limit per client: at most rate_max new leads in
-- rate_window_seconds from one client (LEAD_RATE_LIMIT, 5 in 10 minutes by
-- default). Kept in the database so that it holds across every instance of
-- the Edge Function, and in one function so that the check, the insert and
-- the count happen in one transaction.
--
-- A client is its address hashed with a salt made here, once per database:
-- the address itself is never stored, and the hashes mean nothing outside
-- this database. Only the last rate window of hashes is kept (a day at least).

create table public.lead_rate_salt (
  salt text not null
);
insert into public.lead_rate_salt (salt) values (gen_random_uuid()::text || gen_random_uuid()::text);

create table public.lead_rate_events (
  client_hash text not null,
  at timestamptz not null default now()
);
create index lead_rate_events_client_idx on public.lead_rate_events (client_hash, at);
create index lead_rate_events_at_idx on public.lead_rate_events (at);

alter table public.lead_rate_salt enable row level security;
alter table public.lead_rate_events enable row level security;
revoke all on table public.lead_rate_salt from anon, authenticated;
revoke all on table public.lead_rate_events from anon, authenticated;

-- Stores `lead` (a row of leads as JSON: supabase/functions/_shared/lead.ts's
-- leadRecord) unless its submission_id is stored already ('duplicate': a retry,
-- answered as a success and never counted) or the client has reached the
-- limit ('limited', with the seconds until it may send again). rate_max null
-- means no limit. notifications_on says whether notifications are on: the new lead is
-- then leased to the caller's first attempt (see the notifications migration).
create function public.store_lead(lead jsonb, client_address text, rate_max integer, rate_window_seconds integer, notifications_on boolean)
returns table (outcome text, retry_after_seconds integer, lead_id bigint, lead_created_at timestamptz)
language plpgsql
set search_path = ''
as $$
declare
  client text;
  rate_window interval := make_interval(secs => coalesce(rate_window_seconds, 0));
  recent integer;
  oldest timestamptz;
begin
  if exists (select from public.leads stored where stored.submission_id = (lead->>'submission_id')::uuid) then
    return query select 'duplicate', null::integer, null::bigint, null::timestamptz;
    return;
  end if;

  if rate_max is not null then
    client := encode(sha256(convert_to((select s.salt from public.lead_rate_salt s limit 1) || client_address, 'UTF8')), 'hex');
    -- One client's submissions one at a time, so that two at once cannot both pass the count.
    perform pg_advisory_xact_lock(hashtextextended(client, 0));
    delete from public.lead_rate_events old where old.at < now() - greatest(rate_window, interval '1 day');
    select count(*), min(event.at) into recent, oldest
    from public.lead_rate_events event
    where event.client_hash = client and event.at > now() - rate_window;
    if recent >= rate_max then
      return query select 'limited', greatest(1, ceil(extract(epoch from oldest + rate_window - now())))::integer, null::bigint, null::timestamptz;
      return;
    end if;
  end if;

  return query
  with inserted as (
    insert into public.leads as fresh
      (submission_id, form_type, name, email, phone, trade, business_name, location, budget, services_interested, message, page, next_notify_at)
    values (
      (lead->>'submission_id')::uuid,
      lead->>'form_type',
      lead->>'name',
      lead->>'email',
      lead->>'phone',
      lead->>'trade',
      lead->>'business_name',
      lead->>'location',
      lead->>'budget',
      array(select jsonb_array_elements_text(coalesce(lead->'services_interested', '[]'::jsonb))),
      lead->>'message',
      lead->>'page',
      case when notifications_on then now() + interval '1 minute' end
    )
    on conflict (submission_id) do nothing
    returning fresh.id, fresh.created_at
  )
  select 'stored', null::integer, inserted.id, inserted.created_at from inserted;

  if found then
    if rate_max is not null then
      insert into public.lead_rate_events (client_hash) values (client);
    end if;
  else
    -- The same submission_id was stored by another request since the check above.
    return query select 'duplicate', null::integer, null::bigint, null::timestamptz;
  end if;
end
$$;

revoke all on function public.store_lead(jsonb, text, integer, integer, boolean) from public, anon, authenticated;
grant execute on function public.store_lead(jsonb, text, integer, integer, boolean) to service_role;
