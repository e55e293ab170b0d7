-- Lead notifications: every new lead is sent on to the agency (a webhook
-- and/or an e-mail, see supabase/functions/_shared/notify-lead.ts), and the
-- row records how that went, so that a failed notification is retried rather
-- than lost.
--
-- The function stores a lead with next_notify_at a minute ahead (a lease: its
-- first attempt is in flight), then records the attempt. A failed attempt is
-- due again after a backoff; a lead whose process died mid-attempt falls due
-- when the lease runs out. Leads stored while notifications were off have no
-- next_notify_at and are never sent later.

alter table public.leads
  -- When every channel configured at the time had the lead.
  add column notified_at timestamptz,
  -- The channels that have it ('webhook', 'email'): a retry sends only to the others.
  add column notified_by text[] not null default '{}',
  add column notify_attempts integer not null default 0,
  -- Why the last attempt failed (no secrets: which channel, what it answered).
  add column notify_error text,
  -- When a notification is due again; null once notified, when notifications
  -- were off, or once the attempts are used up.
  add column next_notify_at timestamptz;

create index leads_notify_due_idx on public.leads (next_notify_at) where notified_at is null;

-- The leads whose notification is due, at most max_leads of them, each leased
-- for a minute so that no other instance sends it meanwhile (skip locked: two
-- instances claiming at once get different leads).
create function public.claim_lead_notifications(max_leads integer)
returns setof public.leads
language sql
set search_path = ''
as $$
  update public.leads claimed
  set next_notify_at = now() + interval '1 minute'
  where claimed.id in (
    select due.id from public.leads due
    where due.notified_at is null and due.next_notify_at <= now()
    order by due.next_notify_at
    limit max_leads
    for update skip locked
  )
  returning claimed.*;
$$;

-- Records one attempt: the channels that took the lead, and the failure if
-- any channel did not. A failed lead is due again after 1, 5 and 15 minutes,
-- then 1, 3, 6 and 12 hours; after the eighth attempt it is left for a
-- person (`sitegen leads`, or the table editor: notified_at is null).
create function public.record_lead_notification(lead_id bigint, sent text[], failure text)
returns void
language sql
set search_path = ''
as $$
  update public.leads lead
  set notified_by = array(select distinct channel from unnest(lead.notified_by || sent) channel order by channel),
      notify_attempts = lead.notify_attempts + 1,
      notify_error = failure,
      notified_at = case when failure is null then now() end,
      next_notify_at = case
        when failure is null or lead.notify_attempts + 1 >= 8 then null
        else now() + ('{1,5,15,60,180,360,720}'::integer[])[lead.notify_attempts + 1] * interval '1 minute'
      end
  where lead.id = lead_id and lead.notified_at is null;
$$;

-- Functions are executable by everyone unless revoked, and Supabase's default
-- privileges grant them to anon and authenticated too: only the Edge Function
-- (service_role) may call these.
revoke all on function public.claim_lead_notifications(integer) from public, anon, authenticated;
revoke all on function public.record_lead_notification(bigint, text[], text) from public, anon, authenticated;
grant execute on function public.claim_lead_notifications(integer) to service_role;
grant execute on function public.record_lead_notification(bigint, text[], text) to service_role;
