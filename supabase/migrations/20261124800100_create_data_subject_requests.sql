-- ============================================================================
-- Data-subject requests (issue 20, items 2 and 3; POPIA s23–25 access and
-- correction, s24 deletion), answered from the back office:
--
--   public.privacy_find_person(query)          everything the product keeps that
--                                              carries an e-mail address or phone
--   public.privacy_erase_person(query, reason) erases it: deletes what nothing else
--                                              depends on, anonymises the tenant
--                                              record statements must keep
--
-- Both are security definer and refuse anyone but an admin with the second factor
-- (private.is_admin() and private.has_required_aal()); they are callable over REST
-- (rpc) by `authenticated` only. Each erasure is a row of public.privacy_erasures
-- (reason, who, when, what was removed, by record id, never the address itself),
-- written through the audit trail like any admin write.
--
-- The erasure's own deletions are not recorded row by row in the audit trail (that
-- would copy the erased data into it); earlier audit entries of the erased records
-- have their before/after data redacted by private.redact_audit_entries, the one
-- UPDATE the append-only trail allows (owned by audit_pruner, migration
-- 20261124800000).
--
-- An erased subscriber's address stays on private.mail_suppressions as a SHA-256
-- hash (private.email_hash), so they are never mailed again: the newsletter's
-- sender must skip addresses for which private.is_mail_suppressed(email) is true.
-- ============================================================================

-- ----------------------------------------------------------------------------
-- The suppression list
-- ----------------------------------------------------------------------------
create or replace function private.email_hash(email text) returns text
language sql immutable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(lower(btrim(email)), 'UTF8')), 'hex')
$$;

create table private.mail_suppressions (
  email_hash text primary key check (email_hash ~ '^[0-9a-f]{64}$'),
  reason text not null,
  created_at timestamptz not null default now()
);
revoke all on private.mail_suppressions from public, anon, authenticated, service_role;

create or replace function private.is_mail_suppressed(email text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from private.mail_suppressions s where s.email_hash = private.email_hash(email))
$$;
revoke all on function private.email_hash(text), private.is_mail_suppressed(text) from public;
grant execute on function private.is_mail_suppressed(text) to service_role;

-- ----------------------------------------------------------------------------
-- The record of erasures (read by admins; written only by the erase function)
-- ----------------------------------------------------------------------------
create table public.privacy_erasures (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 of the normalised address or phone number searched for: the same request
  -- can be recognised later without keeping the address.
  subject_hash text not null,
  subject_kind text not null check (subject_kind in ('email', 'phone')),
  reason text not null check (char_length(btrim(reason)) between 5 and 1000),
  -- Per record kind: {"erased": n, "ids": [...]} or {"anonymised": n, "ids": [...]}.
  summary jsonb not null,
  erased_by uuid references auth.users (id) on delete set null,
  erased_at timestamptz not null default now()
);
create index privacy_erasures_erased_at_idx on public.privacy_erasures (erased_at desc);
alter table public.privacy_erasures enable row level security;
revoke all on public.privacy_erasures from public, anon, authenticated, service_role;
grant select on public.privacy_erasures to anon, authenticated, service_role;
create policy "Admins can read the erasures" on public.privacy_erasures
  for select to authenticated using ((select private.is_admin()));
create policy "Two-factor users must present their second factor" on public.privacy_erasures
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));
select private.audit_table('public.privacy_erasures'::regclass);

-- ----------------------------------------------------------------------------
-- Audit redaction: the trail keeps who did what when to an erased record, not its data
-- ----------------------------------------------------------------------------
grant update (old_data, new_data, actor_email) on public.audit_log to audit_pruner;

create or replace function private.refuse_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'audit_pruner' and tg_level = 'ROW' then
    -- Retention (private.prune_audit_log).
    if tg_op = 'DELETE' then
      return old;
    end if;
    -- Erasure (private.redact_audit_entries): the data is replaced by the marker, the
    -- actor's address may go; nothing else changes.
    if tg_op = 'UPDATE'
      and (new.old_data is null or new.old_data = '{"redacted": "privacy erasure"}'::jsonb)
      and (new.new_data is null or new.new_data = '{"redacted": "privacy erasure"}'::jsonb)
      and (new.actor_email is null or new.actor_email is not distinct from old.actor_email)
      and (new.id, new.occurred_at, new.actor_id, new.actor_role, new.table_name, new.record_id, new.action,
           new.changed_fields)
        is not distinct from
          (old.id, old.occurred_at, old.actor_id, old.actor_role, old.table_name, old.record_id, old.action,
           old.changed_fields)
    then
      return new;
    end if;
  end if;
  raise exception 'The audit trail is append-only: % is not allowed', lower(tg_op)
    using errcode = '42501', hint = 'Audit entries cannot be changed or removed.';
end
$$;

-- Redacts the entries of the given records (table as the trail names it, record ids as
-- text) and drops the address of the given actors; returns how many entries changed.
create or replace function private.redact_audit_entries(records jsonb, actors uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer := 0;
  n integer;
  marker constant jsonb := '{"redacted": "privacy erasure"}'::jsonb;
begin
  update public.audit_log a
     set old_data = case when a.old_data is null then null else marker end,
         new_data = case when a.new_data is null then null else marker end
   from jsonb_each(records) r(tbl, ids)
   where a.table_name = r.tbl
     and a.record_id in (select jsonb_array_elements_text(r.ids))
     and (a.old_data is distinct from marker or a.new_data is distinct from marker)
     and (a.old_data is not null or a.new_data is not null);
  get diagnostics n = row_count;
  changed := changed + n;
  update public.audit_log a set actor_email = null
   where a.actor_id = any (actors) and a.actor_email is not null;
  get diagnostics n = row_count;
  return changed + n;
end
$$;
revoke all on function private.redact_audit_entries(jsonb, uuid[]) from public;
alter function private.redact_audit_entries(jsonb, uuid[]) owner to audit_pruner;
do $$
begin
  execute format('grant execute on function private.redact_audit_entries(jsonb, uuid[]) to %I', current_user);
end
$$;
revoke all on function private.redact_audit_entries(jsonb, uuid[]) from anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Who the request is about
-- ----------------------------------------------------------------------------

-- A South African number in one form: digits only, +27 / 27 written as a leading 0.
create or replace function private.normalise_phone(phone text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when d ~ '^27[0-9]{9}$' then '0' || substr(d, 3)
    else d
  end
  from (select regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') as d) x
$$;

create or replace function private.require_privacy_admin() returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'authenticated' or not private.is_admin()
     or not private.has_required_aal() then
    raise exception 'Only an administrator with their second factor can handle personal information requests'
      using errcode = '42501';
  end if;
end
$$;

-- Every record id that carries the address or number (or belongs to the account or tenant
-- record that does).
create or replace function private.privacy_subject(query text,
  out subject_kind text, out needle text,
  out enquiry_ids uuid[], out subscriber_ids uuid[], out tenant_ids uuid[], out user_ids uuid[],
  out admin_user_ids uuid[], out request_ids uuid[], out comment_ids uuid[])
language plpgsql stable
set search_path = ''
as $$
declare
  q text := btrim(coalesce(query, ''));
  direct_tenants uuid[];
begin
  if position('@' in q) > 0 then
    subject_kind := 'email';
    needle := lower(q);
    if needle !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      raise exception 'Enter a valid e-mail address or phone number' using errcode = '22023';
    end if;
  else
    subject_kind := 'phone';
    needle := private.normalise_phone(q);
    if q !~ '^[0-9+()\s.-]+$' or length(needle) < 7 or length(needle) > 15 then
      raise exception 'Enter a valid e-mail address or phone number' using errcode = '22023';
    end if;
  end if;

  select coalesce(array_agg(e.id), '{}') into enquiry_ids from public.enquiries e
   where (subject_kind = 'email' and lower(btrim(e.email)) = needle)
      or (subject_kind = 'phone' and private.normalise_phone(e.phone) = needle);
  select coalesce(array_agg(s.id), '{}') into subscriber_ids from public.newsletter_subscribers s
   where subject_kind = 'email' and lower(btrim(s.email)) = needle;
  select coalesce(array_agg(t.id), '{}') into direct_tenants from public.tenants t
   where (subject_kind = 'email' and lower(btrim(t.email)) = needle)
      or (subject_kind = 'phone' and private.normalise_phone(t.phone) = needle);
  select coalesce(array_agg(distinct u.id), '{}') into user_ids from auth.users u
   where (subject_kind = 'email' and u.email = needle)
      or (subject_kind = 'phone' and private.normalise_phone(u.phone) = needle)
      or u.id in (select t.user_id from public.tenants t where t.id = any (direct_tenants));
  select coalesce(array_agg(u.id), '{}') into admin_user_ids from auth.users u
   where u.id = any (user_ids) and coalesce(u.raw_app_meta_data ->> 'role', '') = 'admin';
  select coalesce(array_agg(t.id), '{}') into tenant_ids from public.tenants t
   where t.id = any (direct_tenants) or t.user_id = any (user_ids);
  select coalesce(array_agg(r.id), '{}') into request_ids from public.maintenance_requests r
   where r.tenant_id = any (tenant_ids) or r.created_by = any (user_ids);
  select coalesce(array_agg(c.id), '{}') into comment_ids from public.maintenance_comments c
   where c.request_id = any (request_ids) or (c.author_id = any (user_ids) and not c.author_id = any (admin_user_ids));
end
$$;

-- ----------------------------------------------------------------------------
-- Find: one JSON document, grouped by record kind, every field
-- ----------------------------------------------------------------------------
create or replace function public.privacy_find_person(query text) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  s record;
begin
  perform private.require_privacy_admin();
  s := private.privacy_subject(query);
  return jsonb_build_object(
    'subject', jsonb_build_object('kind', s.subject_kind, 'value', s.needle),
    'enquiries', (select coalesce(jsonb_agg(to_jsonb(e) order by e.created_at), '[]') from public.enquiries e
                   where e.id = any (s.enquiry_ids)),
    'newsletter_subscribers', (select coalesce(jsonb_agg(to_jsonb(n) - 'unsubscribe_token' order by n.created_at), '[]')
                   from public.newsletter_subscribers n where n.id = any (s.subscriber_ids)),
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

-- ----------------------------------------------------------------------------
-- Erase: delete where nothing depends on it, anonymise what a financial record keeps
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
  if cardinality(s.enquiry_ids) + cardinality(s.subscriber_ids) + cardinality(s.tenant_ids)
     + cardinality(erased_users) + cardinality(s.request_ids) + cardinality(s.comment_ids)
     + cardinality(outbox_ids) = 0 then
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

revoke all on function public.privacy_find_person(text), public.privacy_erase_person(text, text)
  from public, anon, service_role;
grant execute on function public.privacy_find_person(text), public.privacy_erase_person(text, text)
  to authenticated;
revoke all on function private.privacy_subject(text), private.require_privacy_admin(), private.normalise_phone(text)
  from public;
