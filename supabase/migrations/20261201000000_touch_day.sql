-- The day of each touch, as the visitor's browser dated it (UTC, yyyy-mm-dd):
-- Google Ads takes a conversion only within 90 days of its click, and a lead
-- may come long after the click its visitor first arrived by
-- (`sitegen leads --google-ads` leaves such a click out). Null for leads
-- stored before this migration. The form mirrors attribution.ts.

alter table public.leads
  add column first_arrived_on text constraint leads_first_arrived_on_form check (first_arrived_on ~ '^\d{4}-\d\d-\d\d$'),
  add column last_arrived_on text constraint leads_last_arrived_on_form check (last_arrived_on ~ '^\d{4}-\d\d-\d\d$');

-- store_lead as the attribution migration made it, now storing the days too.
create or replace function public.store_lead(lead jsonb, client_address text, rate_max integer, rate_window_seconds integer, notifications_on boolean)
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
    insert into public.leads as fresh (
      submission_id, form_type, name, email, phone, trade, business_name, location, budget,
      services_interested, message, page, first_landing_path, first_referrer_origin,
      first_utm_source, first_utm_medium, first_utm_campaign, first_utm_term, first_utm_content,
      first_gclid, first_gbraid, first_wbraid, last_landing_path, last_referrer_origin,
      last_utm_source, last_utm_medium, last_utm_campaign, last_utm_term, last_utm_content,
      last_gclid, last_gbraid, last_wbraid, first_arrived_on, last_arrived_on, next_notify_at
    )
    select
      given.submission_id, given.form_type, given.name, given.email, given.phone, given.trade,
      given.business_name, given.location, given.budget, coalesce(given.services_interested, '{}'),
      given.message, given.page,
      given.first_landing_path, given.first_referrer_origin, given.first_utm_source,
      given.first_utm_medium, given.first_utm_campaign, given.first_utm_term,
      given.first_utm_content, given.first_gclid, given.first_gbraid, given.first_wbraid,
      given.last_landing_path, given.last_referrer_origin, given.last_utm_source,
      given.last_utm_medium, given.last_utm_campaign, given.last_utm_term, given.last_utm_content,
      given.last_gclid, given.last_gbraid, given.last_wbraid, given.first_arrived_on, given.last_arrived_on,
      case when notifications_on then now() + interval '1 minute' end
    from jsonb_populate_record(null::public.leads, lead) given
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
