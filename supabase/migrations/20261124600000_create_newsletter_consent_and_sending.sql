-- ============================================================================
-- Newsletters, part 2 (issue 14): consent that can be proven (POPIA s11, s69),
-- double opt-in, campaigns with per-recipient deliveries, and a sending queue
-- in PostgreSQL that survives a restart of the gateway.
--
-- Consent ledger: `public.newsletter_consent_events` is append-only (no update,
-- no delete, no truncate for anyone, the service role included). Every change
-- of a subscriber's consent writes one row through a trigger on
-- `public.newsletter_subscribers`, whichever way it happened: the public form
-- (through the three service-role functions below, which pass the visitor's
-- address and user agent), the unsubscribe link, or an admin unsubscribing
-- someone on request. Consent itself can only be given by the person: nobody
-- but those functions may set an address to pending or subscribed.
--
-- Double opt-in: a sign-up is `pending` until the link of the confirmation mail
-- is followed; only `subscribed` addresses with `confirmed_at` receive a
-- newsletter. Addresses on the list before this migration opted in on the
-- website with the wording recorded beside them; they stay subscribed and the
-- ledger records that their opt-in predates double opt-in.
--
-- Sending: `public.newsletter_deliveries` holds one row per recipient of an
-- issue (unique per issue and address: nobody is queued twice). The gateway's
-- worker claims queued rows in batches with FOR UPDATE SKIP LOCKED under a
-- lease, marks each row `sending` (committed) before handing it to the mail
-- server and `sent` or `failed` after. A worker that dies leaves at most the
-- row it was sending in `sending`: once its lease has expired that row becomes
-- `failed` ("interrupted") and is NOT sent again (an admin may retry it), and
-- the rest of the batch returns to the queue for the next worker.
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Subscribers: pending until confirmed
-- ----------------------------------------------------------------------------
alter table public.newsletter_subscribers drop constraint newsletter_subscribers_status_check;
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_status_check check (status in ('pending', 'subscribed', 'unsubscribed')),
  add column confirmed_at timestamptz,
  add column confirm_token text not null unique default encode(gen_random_bytes(24), 'hex');
alter table public.newsletter_subscribers alter column status set default 'pending';

-- ----------------------------------------------------------------------------
-- The consent ledger
-- ----------------------------------------------------------------------------
create table public.newsletter_consent_events (
  id bigint generated always as identity primary key,
  -- No foreign key: the proof outlives a deleted subscriber row.
  subscriber_id uuid not null,
  email text not null,
  event text not null check (event in ('opt_in_requested', 'opt_in_confirmed', 'opt_out')),
  -- Where it happened: 'homepage', 'footer', 'confirmation link', 'unsubscribe link',
  -- 'one-click unsubscribe', 'back office', 'before double opt-in'.
  source text not null,
  -- The words the person was shown (the consent text for an opt-in).
  wording text not null,
  ip_address text,
  user_agent text,
  -- Who recorded it when it was not the person themselves (an admin's e-mail).
  recorded_by text,
  occurred_at timestamptz not null default now()
);
create index newsletter_consent_events_subscriber_idx on public.newsletter_consent_events (subscriber_id, occurred_at);
create index newsletter_consent_events_email_idx on public.newsletter_consent_events (lower(email));

alter table public.newsletter_consent_events enable row level security;
revoke all on public.newsletter_consent_events from public, anon, authenticated, service_role;
grant select on public.newsletter_consent_events to anon, authenticated, service_role;

create policy "Admins can read the consent ledger" on public.newsletter_consent_events
  for select to authenticated using ((select private.is_admin()));
create policy "Two-factor users must present their second factor" on public.newsletter_consent_events
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

create or replace function private.refuse_consent_ledger_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The consent ledger is append-only: its entries cannot be changed or removed'
    using errcode = '42501';
end
$$;
revoke all on function private.refuse_consent_ledger_change() from public;

create trigger refuse_change before update or delete on public.newsletter_consent_events
  for each row execute function private.refuse_consent_ledger_change();
create trigger refuse_truncate before truncate on public.newsletter_consent_events
  for each statement execute function private.refuse_consent_ledger_change();

-- What the consent functions tell the triggers about the request (transaction-local settings).
create or replace function private.consent_context(key text) returns text
language sql stable
set search_path = ''
as $$
  select nullif(current_setting('newsletter.' || key, true), '')
$$;
revoke all on function private.consent_context(text) from public;
-- The triggers below run as whoever changes the row, so everyone may ask (it only reads settings).
grant execute on function private.consent_context(text) to anon, authenticated, service_role;

-- Before a subscriber row changes: consent is given only through the consent functions.
create or replace function private.guard_subscriber_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.consent_context('via') = 'consent' then
    return new;
  end if;
  if tg_op = 'INSERT' then
    -- Direct inserts (the service role, the demo seed) are recorded as they are; an admin cannot
    -- insert at all (no grant).
    if new.status = 'subscribed' and new.confirmed_at is null then
      new.confirmed_at := new.consented_at;
    end if;
    return new;
  end if;
  if new.email is distinct from old.email
     or new.consent_text is distinct from old.consent_text
     or new.consented_at is distinct from old.consented_at
     or new.confirmed_at is distinct from old.confirmed_at
     or new.source is distinct from old.source
     or new.confirm_token is distinct from old.confirm_token
     or new.unsubscribe_token is distinct from old.unsubscribe_token
     or (new.status is distinct from old.status and new.status <> 'unsubscribed') then
    raise exception 'Only the subscriber can give consent: the back office can only unsubscribe an address'
      using errcode = '42501';
  end if;
  if new.status = 'unsubscribed' and old.status <> 'unsubscribed' then
    new.unsubscribed_at := now();
    -- An old confirmation link must not subscribe the address again.
    new.confirm_token := encode(public.gen_random_bytes(24), 'hex');
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.guard_subscriber_change() from public;

create trigger guard_consent before insert or update on public.newsletter_subscribers
  for each row execute function private.guard_subscriber_change();

-- After a subscriber row changes: one ledger entry for every change of consent.
create or replace function private.record_consent_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  kind text;
  claims jsonb := coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb, '{}'::jsonb);
  by_admin boolean := private.consent_context('via') is distinct from 'consent'
    and coalesce(claims ->> 'role', '') = 'authenticated';
begin
  if tg_op = 'UPDATE' and new.status = old.status and new.consented_at = old.consented_at then
    return null;
  end if;
  kind := case new.status
    when 'pending' then 'opt_in_requested'
    when 'subscribed' then 'opt_in_confirmed'
    else 'opt_out' end;
  insert into public.newsletter_consent_events
    (subscriber_id, email, event, source, wording, ip_address, user_agent, recorded_by)
  values (
    new.id,
    new.email,
    kind,
    coalesce(private.consent_context('source'), case when by_admin then 'back office' else new.source end),
    coalesce(private.consent_context('wording'),
      case when kind = 'opt_out' then 'Unsubscribed' else new.consent_text end),
    private.consent_context('ip'),
    private.consent_context('user_agent'),
    case when by_admin then coalesce(claims ->> 'email', claims ->> 'sub') end
  );
  return null;
end
$$;
revoke all on function private.record_consent_event() from public;

create trigger record_consent after insert or update on public.newsletter_subscribers
  for each row execute function private.record_consent_event();

-- The list as it was: one entry per address, its opt-in recorded before double opt-in.
update public.newsletter_subscribers set confirmed_at = consented_at
  where status = 'subscribed' and confirmed_at is null;
insert into public.newsletter_consent_events
  (subscriber_id, email, event, source, wording, occurred_at)
select id, email, 'opt_in_confirmed', 'before double opt-in: ' || source, consent_text, consented_at
  from public.newsletter_subscribers;
insert into public.newsletter_consent_events
  (subscriber_id, email, event, source, wording, occurred_at)
select id, email, 'opt_out', 'before double opt-in', 'Unsubscribed', unsubscribed_at
  from public.newsletter_subscribers where status = 'unsubscribed' and unsubscribed_at is not null;

-- ----------------------------------------------------------------------------
-- The three things a visitor can do, called by the newsletter-subscription
-- function with the service role (it passes the visitor's address and agent).
-- ----------------------------------------------------------------------------
create or replace function private.set_consent_context(
  p_source text, p_wording text, p_ip text, p_user_agent text
) returns void
language sql
set search_path = ''
as $$
  select set_config('newsletter.via', 'consent', true),
         set_config('newsletter.source', coalesce(p_source, ''), true),
         set_config('newsletter.wording', coalesce(p_wording, ''), true),
         set_config('newsletter.ip', coalesce(left(p_ip, 64), ''), true),
         set_config('newsletter.user_agent', coalesce(left(p_user_agent, 512), ''), true);
$$;
revoke all on function private.set_consent_context(text, text, text, text) from public;

create or replace function private.clear_consent_context() returns void
language sql
set search_path = ''
as $$
  select set_config('newsletter.via', '', true), set_config('newsletter.source', '', true),
         set_config('newsletter.wording', '', true), set_config('newsletter.ip', '', true),
         set_config('newsletter.user_agent', '', true);
$$;
revoke all on function private.clear_consent_context() from public;

-- Sign-up: a new or unsubscribed address becomes pending (a confirmation mail follows); a pending
-- one asks again; a subscribed one is left as it is. Returns what the function needs for the mail.
create or replace function public.newsletter_request_subscription(
  p_email text, p_source text, p_wording text, p_ip text default null, p_user_agent text default null
) returns table (outcome text, confirm_token text, unsubscribe_token text)
language plpgsql security definer
set search_path = ''
as $$
declare
  s public.newsletter_subscribers;
  known boolean;
begin
  select * into s from public.newsletter_subscribers n where lower(n.email) = lower(p_email) for update;
  known := found;
  if known and s.status = 'subscribed' then
    return query select 'already-subscribed'::text, null::text, null::text;
    return;
  end if;
  -- Asked again within the hour while the first confirmation mail is on its way: nothing new
  -- (no second mail to an address someone else may have typed).
  if known and s.status = 'pending' and s.consented_at > now() - interval '1 hour' then
    return query select 'already-pending'::text, null::text, null::text;
    return;
  end if;
  perform private.set_consent_context(p_source, p_wording, p_ip, p_user_agent);
  if not known then
    insert into public.newsletter_subscribers (email, source, consent_text, consented_at, status)
    values (p_email, p_source, p_wording, now(), 'pending')
    returning * into s;
  else
    update public.newsletter_subscribers n
       set status = 'pending', source = p_source, consent_text = p_wording, consented_at = now(),
           confirmed_at = null, unsubscribed_at = null, updated_at = now()
     where n.id = s.id
     returning * into s;
  end if;
  perform private.clear_consent_context();
  return query select 'pending'::text, s.confirm_token, s.unsubscribe_token;
end
$$;

-- The confirmation link: pending becomes subscribed. Already confirmed: nothing changes.
create or replace function public.newsletter_confirm_subscription(
  p_token text, p_ip text default null, p_user_agent text default null
) returns table (outcome text, email text, unsubscribe_token text)
language plpgsql security definer
set search_path = ''
as $$
declare
  s public.newsletter_subscribers;
begin
  select * into s from public.newsletter_subscribers n where n.confirm_token = p_token for update;
  if not found or s.status = 'unsubscribed' then
    return query select 'invalid'::text, null::text, null::text;
    return;
  end if;
  if s.status = 'subscribed' then
    return query select 'already-confirmed'::text, s.email, s.unsubscribe_token;
    return;
  end if;
  perform private.set_consent_context('confirmation link', s.consent_text, p_ip, p_user_agent);
  update public.newsletter_subscribers n
     set status = 'subscribed', confirmed_at = now(), updated_at = now()
   where n.id = s.id;
  perform private.clear_consent_context();
  return query select 'confirmed'::text, s.email, s.unsubscribe_token;
end
$$;

-- The unsubscribe link (page button or RFC 8058 one-click): permanent until they subscribe again.
create or replace function public.newsletter_unsubscribe(
  p_token text, p_source text default 'unsubscribe link', p_ip text default null, p_user_agent text default null
) returns table (outcome text, email text)
language plpgsql security definer
set search_path = ''
as $$
declare
  s public.newsletter_subscribers;
begin
  select * into s from public.newsletter_subscribers n where n.unsubscribe_token = p_token for update;
  if not found then
    return query select 'invalid'::text, null::text;
    return;
  end if;
  if s.status = 'unsubscribed' then
    return query select 'already-unsubscribed'::text, s.email;
    return;
  end if;
  perform private.set_consent_context(p_source, 'Unsubscribed: no more news from the centre', p_ip, p_user_agent);
  update public.newsletter_subscribers n
     set status = 'unsubscribed', unsubscribed_at = now(),
         confirm_token = encode(public.gen_random_bytes(24), 'hex'), updated_at = now()
   where n.id = s.id;
  perform private.clear_consent_context();
  return query select 'unsubscribed'::text, s.email;
end
$$;

revoke all on function public.newsletter_request_subscription(text, text, text, text, text),
  public.newsletter_confirm_subscription(text, text, text),
  public.newsletter_unsubscribe(text, text, text, text) from public, anon, authenticated;
grant execute on function public.newsletter_request_subscription(text, text, text, text, text),
  public.newsletter_confirm_subscription(text, text, text),
  public.newsletter_unsubscribe(text, text, text, text) to service_role;

-- ----------------------------------------------------------------------------
-- Campaigns
-- ----------------------------------------------------------------------------
alter table public.newsletters drop constraint newsletters_status_check;
alter table public.newsletters
  add constraint newsletters_status_check check (status in ('draft', 'scheduled', 'sending', 'sent')),
  add column scheduled_at timestamptz,
  add column started_at timestamptz,
  add column last_test_sent_at timestamptz,
  add constraint newsletters_scheduled_has_time check (status <> 'scheduled' or scheduled_at is not null),
  add constraint newsletters_subject_length check (char_length(subject) <= 200),
  add constraint newsletters_body_length check (char_length(body) <= 100000);

-- An issue that has started sending is what its recipients got: its content no longer changes,
-- it is not deleted, and only the sending functions move it along.
create or replace function private.guard_newsletter_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.consent_context('via') = 'sender' then
    if tg_op = 'DELETE' then return old; end if;
    new.updated_at := now();
    return new;
  end if;
  if tg_op = 'DELETE' then
    if old.status in ('sending', 'sent') then
      raise exception 'A newsletter that has been sent cannot be deleted' using errcode = '42501';
    end if;
    return old;
  end if;
  if tg_op = 'INSERT' then
    if new.status not in ('draft', 'scheduled') then
      raise exception 'A newsletter starts as a draft' using errcode = '42501';
    end if;
    new.recipient_count := 0;
    new.sent_at := null;
    new.started_at := null;
    return new;
  end if;
  if old.status in ('sending', 'sent') then
    raise exception 'This newsletter has been sent and can no longer be changed' using errcode = '42501';
  end if;
  if new.status not in ('draft', 'scheduled') then
    raise exception 'Use Send now to send a newsletter' using errcode = '42501';
  end if;
  if new.status = 'scheduled' and new.scheduled_at <= now() and
     (old.status <> 'scheduled' or new.scheduled_at is distinct from old.scheduled_at) then
    raise exception 'Choose a time in the future to schedule the newsletter' using errcode = '22023';
  end if;
  new.recipient_count := old.recipient_count;
  new.sent_at := old.sent_at;
  new.started_at := old.started_at;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.guard_newsletter_change() from public;

create trigger guard_sending before insert or update or delete on public.newsletters
  for each row execute function private.guard_newsletter_change();

-- ----------------------------------------------------------------------------
-- Deliveries: one per recipient of an issue
-- ----------------------------------------------------------------------------
create table public.newsletter_deliveries (
  id uuid primary key default gen_random_uuid(),
  newsletter_id uuid not null references public.newsletters (id),
  subscriber_id uuid references public.newsletter_subscribers (id) on delete set null,
  email text not null,
  status text not null default 'queued'
    check (status in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  claimed_by text,
  claimed_until timestamptz,
  sent_at timestamptz,
  error text,
  outbox_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index newsletter_deliveries_once_key on public.newsletter_deliveries (newsletter_id, lower(email));
create index newsletter_deliveries_queue_idx on public.newsletter_deliveries (next_attempt_at)
  where status = 'queued';
create index newsletter_deliveries_newsletter_idx on public.newsletter_deliveries (newsletter_id, status);

alter table public.newsletter_deliveries enable row level security;
revoke all on public.newsletter_deliveries from public, anon, authenticated, service_role;
grant select on public.newsletter_deliveries to anon, authenticated;
grant select, update on public.newsletter_deliveries to service_role;

create policy "Admins can read deliveries" on public.newsletter_deliveries
  for select to authenticated using ((select private.is_admin()));
create policy "Two-factor users must present their second factor" on public.newsletter_deliveries
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

-- Newsletter counts per status, for the list (admins only through the table's RLS).
create or replace view public.newsletter_progress with (security_invoker = true) as
select n.id as newsletter_id,
       count(d.id) filter (where d.status = 'queued')::int as queued,
       count(d.id) filter (where d.status = 'sending')::int as sending,
       count(d.id) filter (where d.status = 'sent')::int as sent,
       count(d.id) filter (where d.status = 'failed')::int as failed,
       count(d.id) filter (where d.status = 'skipped')::int as skipped,
       count(d.id)::int as total
  from public.newsletters n
  left join public.newsletter_deliveries d on d.newsletter_id = n.id
 group by n.id;
revoke all on public.newsletter_progress from public, anon, authenticated;
grant select on public.newsletter_progress to authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Sending, as centre management asks for it (admins with aal2)
-- ----------------------------------------------------------------------------
create or replace function private.require_newsletter_sender() returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') = 'service_role' then
    return;
  end if;
  if coalesce(auth.jwt() ->> 'role', '') <> 'authenticated'
     or not private.is_admin()
     or not private.has_required_aal() then
    raise exception 'Only centre management, signed in with their second factor, can send newsletters'
      using errcode = '42501';
  end if;
end
$$;
revoke all on function private.require_newsletter_sender() from public;
grant execute on function private.require_newsletter_sender() to authenticated, service_role;

-- Queues one delivery per confirmed subscriber and marks the issue sending (from draft or scheduled).
create or replace function private.start_newsletter(target uuid) returns integer
language plpgsql
set search_path = ''
as $$
declare
  n public.newsletters;
  queued integer;
begin
  select * into n from public.newsletters where id = target for update;
  if not found then
    raise exception 'Newsletter not found' using errcode = 'P0002';
  end if;
  if n.status not in ('draft', 'scheduled') then
    raise exception 'This newsletter has already been sent' using errcode = '55000';
  end if;
  if btrim(n.body) = '' then
    raise exception 'Write the newsletter before sending it' using errcode = '22023';
  end if;
  insert into public.newsletter_deliveries (newsletter_id, subscriber_id, email)
  select target, s.id, s.email
    from public.newsletter_subscribers s
   where s.status = 'subscribed' and s.confirmed_at is not null
  on conflict do nothing;
  get diagnostics queued = row_count;
  if queued = 0 then
    raise exception 'There are no confirmed subscribers to send to' using errcode = '55000';
  end if;
  perform set_config('newsletter.via', 'sender', true);
  update public.newsletters
     set status = 'sending', started_at = now(), recipient_count = queued, scheduled_at = null
   where id = target;
  perform set_config('newsletter.via', '', true);
  return queued;
end
$$;
revoke all on function private.start_newsletter(uuid) from public;

create or replace function public.send_newsletter(target uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.require_newsletter_sender();
  return private.start_newsletter(target);
end
$$;
revoke all on function public.send_newsletter(uuid) from public, anon;
grant execute on function public.send_newsletter(uuid) to authenticated, service_role;

-- Failed deliveries of an issue go back to the queue (interrupted ones included).
create or replace function public.retry_failed_newsletter_deliveries(target uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  retried integer;
begin
  perform private.require_newsletter_sender();
  if not exists (select 1 from public.newsletters where id = target and status in ('sending', 'sent')) then
    raise exception 'Newsletter not found' using errcode = 'P0002';
  end if;
  update public.newsletter_deliveries
     set status = 'queued', attempts = 0, next_attempt_at = now(), error = null,
         claimed_by = null, claimed_until = null, updated_at = now()
   where newsletter_id = target and status = 'failed';
  get diagnostics retried = row_count;
  if retried > 0 then
    perform set_config('newsletter.via', 'sender', true);
    update public.newsletters set status = 'sending', sent_at = null where id = target;
    perform set_config('newsletter.via', '', true);
  end if;
  return retried;
end
$$;
revoke all on function public.retry_failed_newsletter_deliveries(uuid) from public, anon;
grant execute on function public.retry_failed_newsletter_deliveries(uuid) to authenticated, service_role;

-- A test send records when (the mail itself goes to the admin's own address, by the gateway).
create or replace function public.record_newsletter_test_send(target uuid) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  recipient text := auth.jwt() ->> 'email';
  touched integer;
begin
  perform private.require_newsletter_sender();
  if recipient is null then
    raise exception 'Your account has no e-mail address to send a test to' using errcode = '22023';
  end if;
  perform set_config('newsletter.via', 'sender', true);
  update public.newsletters set last_test_sent_at = now() where id = target;
  get diagnostics touched = row_count;
  perform set_config('newsletter.via', '', true);
  if touched = 0 then
    raise exception 'Newsletter not found' using errcode = 'P0002';
  end if;
  return recipient;
end
$$;
revoke all on function public.record_newsletter_test_send(uuid) from public, anon;
grant execute on function public.record_newsletter_test_send(uuid) to authenticated, service_role;

-- ----------------------------------------------------------------------------
-- The worker's side (service role only)
-- ----------------------------------------------------------------------------

-- Scheduled issues whose time has come start sending.
create or replace function public.newsletter_start_due() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  n record;
  started integer := 0;
begin
  for n in select id from public.newsletters
            where status = 'scheduled' and scheduled_at <= now()
            order by scheduled_at for update skip locked loop
    begin
      perform private.start_newsletter(n.id);
      started := started + 1;
    exception when sqlstate '55000' or sqlstate '22023' then
      -- Nobody to send to (or nothing written): it stays scheduled and visible to the admin.
      null;
    end;
  end loop;
  return started;
end
$$;

-- Claims up to `batch` due deliveries for `worker` for `lease_seconds`. Rows another worker holds
-- are skipped (SKIP LOCKED); rows of a dead worker come back when its lease expires. A row a dead
-- worker was sending is marked failed (interrupted) instead of being sent a second time. Rows of
-- addresses that unsubscribed since the issue was queued are skipped.
create or replace function public.newsletter_claim_batch(worker text, batch integer, lease_seconds integer)
returns table (id uuid, newsletter_id uuid, email text, unsubscribe_token text, attempts integer)
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.newsletter_deliveries d
     set status = 'failed',
         error = 'Interrupted while sending (the server stopped): not sent again so nobody gets it twice. Retry if it did not arrive.',
         claimed_by = null, claimed_until = null, updated_at = now()
   where d.status = 'sending' and d.claimed_until < now();

  update public.newsletter_deliveries d
     set status = 'skipped', error = 'Unsubscribed before it was sent', claimed_by = null,
         claimed_until = null, updated_at = now()
    from public.newsletter_subscribers s
   where d.status = 'queued' and s.id = d.subscriber_id and s.status <> 'subscribed';
  -- Deleted, or erased on request (private.is_mail_suppressed comes with the data-subject
  -- requests, migration 20261124800100, which runs before any worker does): never mailed.
  update public.newsletter_deliveries d
     set status = 'skipped', error = 'Erased on request before it was sent', claimed_by = null,
         claimed_until = null, updated_at = now()
   where d.status = 'queued'
     and (d.subscriber_id is null or private.is_mail_suppressed(d.email));

  return query
  with due as (
    select d.id from public.newsletter_deliveries d
     where d.status = 'queued' and d.next_attempt_at <= now()
       and (d.claimed_until is null or d.claimed_until < now())
     order by d.next_attempt_at, d.id
     limit greatest(batch, 1)
     for update skip locked
  )
  update public.newsletter_deliveries d
     set claimed_by = worker, claimed_until = now() + make_interval(secs => lease_seconds), updated_at = now()
    from due
   where d.id = due.id
  returning d.id, d.newsletter_id, d.email,
    (select s.unsubscribe_token from public.newsletter_subscribers s where s.id = d.subscriber_id), d.attempts;
end
$$;

-- Just before one message goes to the mail server: true when this worker still holds the row.
create or replace function public.newsletter_begin_delivery(delivery uuid, worker text, lease_seconds integer)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.newsletter_deliveries d
     set status = 'sending', attempts = d.attempts + 1,
         claimed_until = now() + make_interval(secs => lease_seconds), updated_at = now()
   where d.id = delivery and d.claimed_by = worker and d.status = 'queued';
  return found;
end
$$;

-- After the mail server answered. A failure is retried after `retry_after_seconds` (doubling with
-- every attempt) until `max_attempts`, then stays failed with the server's reason.
create or replace function public.newsletter_finish_delivery(
  delivery uuid, worker text, ok boolean, failure text, outbox uuid, max_attempts integer, retry_after_seconds integer
) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  d public.newsletter_deliveries;
begin
  select * into d from public.newsletter_deliveries x
   where x.id = delivery and x.claimed_by = worker and x.status = 'sending' for update;
  if not found then
    return;
  end if;
  if ok then
    update public.newsletter_deliveries x
       set status = 'sent', sent_at = now(), error = null, outbox_id = outbox,
           claimed_by = null, claimed_until = null, updated_at = now()
     where x.id = delivery;
  elsif d.attempts < max_attempts then
    update public.newsletter_deliveries x
       set status = 'queued', error = failure, outbox_id = outbox, claimed_by = null, claimed_until = null,
           next_attempt_at = now() + make_interval(secs => retry_after_seconds * power(2, d.attempts - 1)),
           updated_at = now()
     where x.id = delivery;
  else
    update public.newsletter_deliveries x
       set status = 'failed', error = failure, outbox_id = outbox, claimed_by = null, claimed_until = null,
           updated_at = now()
     where x.id = delivery;
  end if;
end
$$;

-- Claims a stopping worker did not use go back to the queue at once.
create or replace function public.newsletter_release_claims(worker text) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  released integer;
begin
  update public.newsletter_deliveries d
     set claimed_by = null, claimed_until = null, updated_at = now()
   where d.claimed_by = worker and d.status = 'queued';
  get diagnostics released = row_count;
  return released;
end
$$;

-- Issues with nothing left to send are sent.
create or replace function public.newsletter_complete_finished() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  done integer;
begin
  perform set_config('newsletter.via', 'sender', true);
  update public.newsletters n
     set status = 'sent', sent_at = coalesce(n.sent_at, now())
   where n.status = 'sending'
     and not exists (select 1 from public.newsletter_deliveries d
                      where d.newsletter_id = n.id and d.status in ('queued', 'sending'));
  get diagnostics done = row_count;
  perform set_config('newsletter.via', '', true);
  return done;
end
$$;

revoke all on function public.newsletter_start_due(), public.newsletter_claim_batch(text, integer, integer),
  public.newsletter_begin_delivery(uuid, text, integer),
  public.newsletter_finish_delivery(uuid, text, boolean, text, uuid, integer, integer),
  public.newsletter_release_claims(text), public.newsletter_complete_finished()
  from public, anon, authenticated;
grant execute on function public.newsletter_start_due(), public.newsletter_claim_batch(text, integer, integer),
  public.newsletter_begin_delivery(uuid, text, integer),
  public.newsletter_finish_delivery(uuid, text, boolean, text, uuid, integer, integer),
  public.newsletter_release_claims(text), public.newsletter_complete_finished()
  to service_role;

-- The deliveries are written by the worker, not by people, so they are neither in the audit
-- trail (newsletters and subscribers are, and the consent ledger is its own record) nor watched by
-- realtime (thousands of rows a minute; the back office polls the counts while an issue sends).
