-- A newsletter sign-up puts an address on a list: signing up again with the
-- same address, in any case, adds nothing. The repeat is not stored, so
-- store_lead answers it as it answers a retry ('duplicate': the visitor is
-- told they are subscribed, nobody is notified again, the rate limit does not
-- count it). Sign-ups stored twice before this migration stay as they are.

create index leads_newsletter_email_idx on public.leads (lower(email)) where form_type = 'newsletter';

create function public.skip_repeated_newsletter_signup()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.form_type <> 'newsletter' then
    return new;
  end if;
  -- Two sign-ups of one address at once: one after the other, so that the second sees the first.
  perform pg_advisory_xact_lock(hashtextextended('newsletter ' || lower(new.email), 0));
  if exists (
    select from public.leads stored where stored.form_type = 'newsletter' and lower(stored.email) = lower(new.email)
  ) then
    return null;
  end if;
  return new;
end
$$;

revoke all on function public.skip_repeated_newsletter_signup() from public, anon, authenticated;

create trigger leads_newsletter_once
before insert on public.leads
for each row execute function public.skip_repeated_newsletter_signup();
