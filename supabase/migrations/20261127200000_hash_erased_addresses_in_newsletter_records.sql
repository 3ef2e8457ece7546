-- ============================================================================
-- Erasure and the consent ledger (issues 14 and 20; decision 020).
--
-- The newsletter's consent ledger (public.newsletter_consent_events) is the
-- centre's proof of consent (POPIA s11) and append-only (migration
-- 20261124600000). An erasure (POPIA s24) deleted the subscriber but left the
-- address, IP address and browser in the ledger, and the address in every
-- delivery row. After this migration, once an address is erased (or its
-- unconfirmed sign-up expires, migration 20261127200100), the ledger and the
-- deliveries keep no address: only its SHA-256 hash, the same one the
-- suppression list keeps (private.email_hash). The events, times, sources and
-- wording stay, so the centre can still show that consent was given and
-- withdrawn when the person presents their address again.
--
-- The ledger stays append-only for everyone: its trigger lets exactly one role
-- change a row, `consent_redactor` (nologin, granted to nobody), and only in one
-- way: address → null, email_hash → the address's hash, IP address and user
-- agent → null, nothing else. That role owns one security-definer function,
-- private.redact_consent_ledger(address), callable only by the gateway's login
-- role, which is what privacy_erase_person and the retention job reach through
-- private.forget_newsletter_address(address).
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Room for the hash
-- ----------------------------------------------------------------------------
alter table public.newsletter_consent_events
  alter column email drop not null,
  add column email_hash text check (email_hash ~ '^[0-9a-f]{64}$'),
  add constraint newsletter_consent_events_email_or_hash check (email is not null or email_hash is not null);
create index newsletter_consent_events_email_hash_idx on public.newsletter_consent_events (email_hash)
  where email_hash is not null;

alter table public.newsletter_deliveries
  alter column email drop not null,
  add column email_hash text check (email_hash ~ '^[0-9a-f]{64}$'),
  add constraint newsletter_deliveries_email_or_hash check (email is not null or email_hash is not null);
create index newsletter_deliveries_email_idx on public.newsletter_deliveries (lower(email))
  where email is not null;

-- ----------------------------------------------------------------------------
-- The one role that may redact the ledger
-- ----------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'consent_redactor') then
    create role consent_redactor nologin noinherit;
  end if;
  -- A non-superuser login role must be a member to hand the function over (ALTER ... OWNER).
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant consent_redactor to %I', current_user);
  end if;
end
$$;

grant usage on schema public, private to consent_redactor;
-- It reads the address to hash it and writes the four columns a redaction changes; no insert,
-- no delete, no other column.
grant select (id, email) on public.newsletter_consent_events to consent_redactor;
grant update (email, email_hash, ip_address, user_agent) on public.newsletter_consent_events to consent_redactor;
grant execute on function private.email_hash(text) to consent_redactor;

create policy "The consent redactor can read the ledger" on public.newsletter_consent_events
  for select to consent_redactor using (true);
create policy "The consent redactor can redact the ledger" on public.newsletter_consent_events
  for update to consent_redactor using (true) with check (true);

-- Append-only for everyone but the redactor, and for it only the redaction.
create or replace function private.refuse_consent_ledger_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'consent_redactor' and tg_op = 'UPDATE' and tg_level = 'ROW'
     and old.email is not null and new.email is null
     and new.email_hash = private.email_hash(old.email)
     and new.ip_address is null and new.user_agent is null
     and (new.id, new.subscriber_id, new.event, new.source, new.wording, new.recorded_by, new.occurred_at)
       is not distinct from
         (old.id, old.subscriber_id, old.event, old.source, old.wording, old.recorded_by, old.occurred_at)
  then
    return new;
  end if;
  raise exception 'The consent ledger is append-only: its entries cannot be changed or removed'
    using errcode = '42501';
end
$$;

-- Replaces the address of every ledger entry for `address` by its hash (and drops the IP address
-- and browser recorded with it); returns how many entries changed.
create or replace function private.redact_consent_ledger(address text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if address is null or btrim(address) = '' then
    return 0;
  end if;
  update public.newsletter_consent_events c
     set email = null, email_hash = private.email_hash(c.email), ip_address = null, user_agent = null
   where lower(c.email) = lower(btrim(address));
  get diagnostics changed = row_count;
  return changed;
end
$$;
revoke all on function private.redact_consent_ledger(text) from public;
alter function private.redact_consent_ledger(text) owner to consent_redactor;
do $$
begin
  execute format('grant execute on function private.redact_consent_ledger(text) to %I', current_user);
end
$$;
revoke all on function private.redact_consent_ledger(text) from anon, authenticated, service_role;

-- The newsletter forgets an address: the ledger through the redactor, the deliveries directly
-- (they are the worker's bookkeeping, not append-only). A server's reply that quoted the address
-- is replaced. Returns {"consent_events": n, "deliveries": m}. Only the gateway's login role (the
-- owner) calls it: from privacy_erase_person and the retention job.
create or replace function private.forget_newsletter_address(address text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  needle text := lower(btrim(coalesce(address, '')));
  events integer;
  deliveries integer;
begin
  if needle = '' then
    return jsonb_build_object('consent_events', 0, 'deliveries', 0);
  end if;
  events := private.redact_consent_ledger(needle);
  update public.newsletter_deliveries d
     set email = null,
         email_hash = private.email_hash(d.email),
         error = case when strpos(lower(d.error), needle) > 0
                      then 'The mail server''s reply named the address, which was erased' else d.error end,
         updated_at = now()
   where lower(d.email) = needle;
  get diagnostics deliveries = row_count;
  return jsonb_build_object('consent_events', events, 'deliveries', deliveries);
end
$$;
revoke all on function private.forget_newsletter_address(text) from public, anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- The erasure forgets the address in the ledger and the deliveries too
-- (the rest as in migration 20261124800100)
-- ----------------------------------------------------------------------------
create or replace function public.privacy_erase_person(query text, reason text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  s record;
  why text := btrim(coalesce(reason, ''));
  actor uuid := auth.uid();
  claims text := current_setting('request.jwt.claims', true);
  claim text := current_setting('request.jwt.claim', true);
  sub text := current_setting('request.jwt.claim.sub', true);
  erased_users uuid[];
  outbox_ids uuid[];
  newsletter_addresses text[];
  one_address text;
  forgotten jsonb;
  ledger_entries integer := 0;
  delivery_rows integer := 0;
  photos integer;
  events integer := 0;
  n integer;
  auth_entries integer;
  redacted integer;
  summary jsonb;
  erasure_id uuid;
begin
  perform private.require_privacy_admin();
  if char_length(why) < 5 or char_length(why) > 1000 then
    raise exception 'Give the reason for the erasure (5 to 1000 characters)' using errcode = '22023';
  end if;
  s := private.privacy_subject(query);
  erased_users := array(select unnest(s.user_ids) except select unnest(s.admin_user_ids));
  select coalesce(array_agg(m.id), '{}') into outbox_ids from private.mail_outbox m
   where (s.subject_kind = 'email' and s.needle = any (select lower(btrim(a)) from unnest(m.to_addresses) a))
      or m.to_addresses && array(select u.email::text from auth.users u where u.id = any (erased_users));
  -- The addresses the newsletter forgets: the one searched for, and its subscriber rows'.
  select coalesce(array_agg(distinct a), '{}') into newsletter_addresses from (
    select s.needle as a where s.subject_kind = 'email'
    union
    select lower(btrim(ns.email)) from public.newsletter_subscribers ns where ns.id = any (s.subscriber_ids)
  ) x;
  if cardinality(s.enquiry_ids) + cardinality(s.subscriber_ids) + cardinality(s.tenant_ids)
     + cardinality(erased_users) + cardinality(s.request_ids) + cardinality(s.comment_ids)
     + cardinality(outbox_ids) = 0
     and not exists (select 1 from public.newsletter_consent_events c
                      where lower(c.email) = any (newsletter_addresses))
     and not exists (select 1 from public.newsletter_deliveries d
                      where lower(d.email) = any (newsletter_addresses)) then
    raise exception 'Nothing to erase for this address' using errcode = 'P0002';
  end if;

  -- The deletions below are not API writes of rows: without the caller's claims the audit
  -- recorder leaves them out (one privacy_erasures row records the whole request instead).
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim', '', true);
  perform set_config('request.jwt.claim.sub', '', true);

  insert into private.mail_suppressions (email_hash, reason)
    select private.email_hash(n.email), 'erased' from public.newsletter_subscribers n
     where n.id = any (s.subscriber_ids)
  on conflict (email_hash) do nothing;
  -- The ledger and the deliveries keep the hash only (decision 020).
  foreach one_address in array newsletter_addresses loop
    forgotten := private.forget_newsletter_address(one_address);
    ledger_entries := ledger_entries + (forgotten ->> 'consent_events')::integer;
    delivery_rows := delivery_rows + (forgotten ->> 'deliveries')::integer;
  end loop;

  delete from storage.objects o using public.maintenance_requests r
   where r.id = any (s.request_ids) and o.bucket_id = 'maintenance-photos'
     and o.name like r.tenant_id::text || '/' || r.id::text || '/%';
  get diagnostics photos = row_count;
  delete from public.maintenance_comments where id = any (s.comment_ids);
  delete from public.maintenance_requests where id = any (s.request_ids);
  delete from public.enquiries where id = any (s.enquiry_ids);
  delete from public.newsletter_subscribers where id = any (s.subscriber_ids);
  delete from public.analytics_events where user_id = any (erased_users);
  get diagnostics n = row_count;
  events := events + n;
  delete from public.monitoring_errors where user_id = any (erased_users);
  get diagnostics n = row_count;
  events := events + n;
  delete from public.monitoring_metrics where user_id = any (erased_users);
  get diagnostics n = row_count;
  events := events + n;
  delete from private.mail_outbox where id = any (outbox_ids);
  -- Statements (and proofs of payment) are financial records and stay: the tenant record
  -- they point to keeps its id and loses what identifies the person.
  update public.tenants t
     set company_name = 'Erased tenant ' || left(t.id::text, 8),
         contact_name = 'Erased',
         email = 'erased-' || left(t.id::text, 8) || '@erased.invalid',
         phone = null,
         user_id = null
   where t.id = any (s.tenant_ids);
  update auth.audit_log_entries e
     set payload = json_build_object('action', e.payload ->> 'action', 'redacted', 'privacy erasure'),
         ip_address = ''
   where e.payload::text ilike '%' || s.needle || '%'
      or (e.payload ->> 'actor_id') in (select unnest(erased_users)::text);
  get diagnostics auth_entries = row_count;
  delete from auth.users where id = any (erased_users);

  redacted := private.redact_audit_entries(
    jsonb_build_object(
      'enquiries', to_jsonb(s.enquiry_ids), 'newsletter_subscribers', to_jsonb(s.subscriber_ids),
      'tenants', to_jsonb(s.tenant_ids), 'maintenance_requests', to_jsonb(s.request_ids),
      'maintenance_comments', to_jsonb(s.comment_ids)),
    erased_users);

  summary := jsonb_build_object(
    'enquiries', jsonb_build_object('erased', cardinality(s.enquiry_ids), 'ids', to_jsonb(s.enquiry_ids)),
    'newsletter_subscribers', jsonb_build_object('erased', cardinality(s.subscriber_ids),
      'ids', to_jsonb(s.subscriber_ids), 'suppressed', cardinality(s.subscriber_ids)),
    'consent_ledger', jsonb_build_object('hashed', ledger_entries),
    'newsletter_deliveries', jsonb_build_object('hashed', delivery_rows),
    'accounts', jsonb_build_object('erased', cardinality(erased_users), 'ids', to_jsonb(erased_users),
      'kept_admins', cardinality(s.admin_user_ids)),
    'maintenance_requests', jsonb_build_object('erased', cardinality(s.request_ids), 'ids', to_jsonb(s.request_ids),
      'photos', photos),
    'maintenance_comments', jsonb_build_object('erased', cardinality(s.comment_ids), 'ids', to_jsonb(s.comment_ids)),
    'monitoring', jsonb_build_object('erased', events),
    'mail', jsonb_build_object('erased', cardinality(outbox_ids)),
    'tenants', jsonb_build_object('anonymised', cardinality(s.tenant_ids), 'ids', to_jsonb(s.tenant_ids)),
    'audit_entries', jsonb_build_object('redacted', redacted, 'auth_events_redacted', auth_entries));

  -- Back to the caller: the record of the erasure is an ordinary audited admin write.
  perform set_config('request.jwt.claims', coalesce(claims, ''), true);
  perform set_config('request.jwt.claim', coalesce(claim, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(sub, ''), true);
  insert into public.privacy_erasures (subject_hash, subject_kind, reason, summary, erased_by)
  values (private.email_hash(s.needle), s.subject_kind, why, summary, actor)
  returning id into erasure_id;
  return jsonb_build_object('id', erasure_id) || summary;
end
$$;

revoke all on function public.privacy_erase_person(text, text) from public, anon, service_role;
grant execute on function public.privacy_erase_person(text, text) to authenticated;

-- ----------------------------------------------------------------------------
-- Find: the consent history also by the address's hash, so after an erasure the
-- proof is still found when the person asks again (without the address in it)
-- ----------------------------------------------------------------------------
create or replace function public.privacy_find_person(query text) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  s record;
  consent jsonb := '[]';
begin
  perform private.require_privacy_admin();
  s := private.privacy_subject(query);
  if s.subject_kind = 'email' then
    select coalesce(jsonb_agg(to_jsonb(c) order by c.occurred_at, c.id), '[]') into consent
      from public.newsletter_consent_events c
     where lower(c.email) = s.needle or c.subscriber_id = any (s.subscriber_ids)
        or c.email_hash = private.email_hash(s.needle);
  end if;
  return jsonb_build_object(
    'subject', jsonb_build_object('kind', s.subject_kind, 'value', s.needle),
    'enquiries', (select coalesce(jsonb_agg(to_jsonb(e) order by e.created_at), '[]') from public.enquiries e
                   where e.id = any (s.enquiry_ids)),
    'newsletter_subscribers', (select coalesce(jsonb_agg(to_jsonb(n) - 'unsubscribe_token' - 'confirm_token' order by n.created_at), '[]')
                   from public.newsletter_subscribers n where n.id = any (s.subscriber_ids)),
    'consent_history', consent,
    'tenants', (select coalesce(jsonb_agg(to_jsonb(t) order by t.created_at), '[]') from public.tenants t
                   where t.id = any (s.tenant_ids)),
    'accounts', (select coalesce(jsonb_agg(jsonb_build_object(
                     'id', u.id, 'email', u.email, 'phone', u.phone, 'role', u.raw_app_meta_data ->> 'role',
                     'user_metadata', u.raw_user_meta_data, 'created_at', u.created_at,
                     'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at,
                     'banned_until', u.banned_until, 'is_admin', u.id = any (s.admin_user_ids))
                   order by u.created_at), '[]') from auth.users u where u.id = any (s.user_ids)),
    'maintenance_requests', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]')
                   from public.maintenance_requests r where r.id = any (s.request_ids)),
    'maintenance_comments', (select coalesce(jsonb_agg(to_jsonb(c) order by c.created_at), '[]')
                   from public.maintenance_comments c where c.id = any (s.comment_ids)),
    'maintenance_photos', (select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name,
                     'created_at', o.created_at) order by o.created_at), '[]')
                   from storage.objects o, public.maintenance_requests r
                   where r.id = any (s.request_ids) and o.bucket_id = 'maintenance-photos'
                     and o.name like r.tenant_id::text || '/' || r.id::text || '/%'),
    'monitoring', (select coalesce(jsonb_agg(m.row order by m.at), '[]') from (
                     select jsonb_build_object('table', 'analytics_events') || to_jsonb(a) as row, a.created_at as at
                       from public.analytics_events a where a.user_id = any (s.user_ids)
                     union all
                     select jsonb_build_object('table', 'monitoring_errors') || to_jsonb(x), x.created_at
                       from public.monitoring_errors x where x.user_id = any (s.user_ids)
                     union all
                     select jsonb_build_object('table', 'monitoring_metrics') || to_jsonb(mm), mm.created_at
                       from public.monitoring_metrics mm where mm.user_id = any (s.user_ids)) m),
    'statements', (select coalesce(jsonb_agg(st.row order by st.period), '[]') from (
                     select jsonb_build_object('kind', 'rental') || to_jsonb(r) as row, r.period
                       from public.rental_statements r where r.tenant_id = any (s.tenant_ids)
                     union all
                     select jsonb_build_object('kind', 'utility') || to_jsonb(u), u.period
                       from public.utility_statements u where u.tenant_id = any (s.tenant_ids)) st),
    'payment_proofs', (select coalesce(jsonb_agg(to_jsonb(p) order by p.created_at), '[]')
                   from public.payment_proofs p where p.tenant_id = any (s.tenant_ids))
  );
end
$$;

revoke all on function public.privacy_find_person(text) from public, anon, service_role;
grant execute on function public.privacy_find_person(text) to authenticated;
