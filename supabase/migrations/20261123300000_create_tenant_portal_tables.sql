-- ============================================================================
-- The tenant portal's data (issue 12; product.md §9): lease terms on tenants,
-- 'payment submitted' on statements with proof-of-payment files, notices to
-- tenants with read receipts, maintenance requests with their status history,
-- comments and photos. Every rule lives here, in PostgreSQL:
--
--   notices                     tenants read those addressed to them; admins write
--   notice_receipts             a tenant writes and reads their own; admins read
--   payment_proofs              one row per uploaded proof, written only by the
--                               storage trigger below; the tenant reads own, admins all
--   maintenance_requests        a tenant logs and reads their own shop's; admins
--                               read all and change status
--   maintenance_request_events  the status history, written only by a trigger
--   maintenance_comments        the tenant and admins comment on a request
--
-- Buckets: payment-proofs (private; `{tenant_id}/{rental|utility}/{statement_id}/{file}`)
-- and maintenance-photos (private; `{tenant_id}/{request_id}/{file}`, at most 5 per request).
-- Every table also gets the restrictive assurance-level policy of migration
-- 20261123100000, and is watched by realtime (postgres_changes, filtered by RLS).
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Lease terms (tenant reads own row already; only admins write tenants)
-- ----------------------------------------------------------------------------
alter table public.tenants
  add column escalation_percent numeric(5, 2)
    check (escalation_percent is null or (escalation_percent >= 0 and escalation_percent <= 100)),
  add column notice_period_months integer
    check (notice_period_months is null or (notice_period_months >= 0 and notice_period_months <= 24));

-- ----------------------------------------------------------------------------
-- Statements: 'payment_submitted' between issued and paid
-- ----------------------------------------------------------------------------
alter table public.rental_statements drop constraint rental_statements_status_check;
alter table public.rental_statements add constraint rental_statements_status_check
  check (status in ('draft', 'issued', 'payment_submitted', 'paid', 'overdue'));
alter table public.utility_statements drop constraint utility_statements_status_check;
alter table public.utility_statements add constraint utility_statements_status_check
  check (status in ('draft', 'issued', 'payment_submitted', 'paid', 'overdue'));

-- ----------------------------------------------------------------------------
-- Buckets
-- ----------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('payment-proofs', 'payment-proofs', false, 5 * 1024 * 1024,
    array['application/pdf', 'image/jpeg', 'image/png', 'image/webp']),
  ('maintenance-photos', 'maintenance-photos', false, 5 * 1024 * 1024,
    array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- ----------------------------------------------------------------------------
-- Notices to tenants: to everyone, or to chosen shops
-- ----------------------------------------------------------------------------
create table public.notices (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  body text not null check (btrim(body) <> '' and char_length(body) <= 10000),
  audience text not null default 'all' check (audience in ('all', 'shops')),
  -- The shops addressed when audience = 'shops' (empty for 'all').
  shop_ids uuid[] not null default '{}',
  published_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint notices_audience_has_shops check (
    (audience = 'all' and cardinality(shop_ids) = 0) or (audience = 'shops' and cardinality(shop_ids) > 0))
);
create index notices_published_at_idx on public.notices (published_at desc);
create index notices_shop_ids_idx on public.notices using gin (shop_ids);

create table public.notice_receipts (
  notice_id uuid not null references public.notices (id) on delete cascade,
  tenant_id uuid not null references public.tenants (id) on delete cascade default private.current_tenant_id(),
  read_by uuid references auth.users (id) on delete set null default auth.uid(),
  read_at timestamptz not null default now(),
  primary key (notice_id, tenant_id)
);
create index notice_receipts_tenant_id_idx on public.notice_receipts (tenant_id);

-- Whether the signed-in tenant is addressed by a notice (a version of the row, so realtime can
-- ask it of a captured change too).
create or replace function private.notice_addresses_current_tenant(audience text, shop_ids uuid[])
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.current_tenant_shop_id() is not null
    and (audience = 'all' or private.current_tenant_shop_id() = any (shop_ids))
$$;

-- ----------------------------------------------------------------------------
-- Proofs of payment: one row per file in the payment-proofs bucket
-- ----------------------------------------------------------------------------
create table public.payment_proofs (
  id uuid primary key default gen_random_uuid(),
  object_id uuid not null unique references storage.objects (id) on delete cascade,
  tenant_id uuid not null references public.tenants (id) on delete restrict,
  statement_kind text not null check (statement_kind in ('rental', 'utility')),
  rental_statement_id uuid references public.rental_statements (id) on delete restrict,
  utility_statement_id uuid references public.utility_statements (id) on delete restrict,
  object_path text not null,
  uploaded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint payment_proofs_one_statement check (
    (statement_kind = 'rental' and rental_statement_id is not null and utility_statement_id is null)
    or (statement_kind = 'utility' and utility_statement_id is not null and rental_statement_id is null))
);
create index payment_proofs_tenant_id_idx on public.payment_proofs (tenant_id, created_at desc);
create index payment_proofs_rental_statement_id_idx on public.payment_proofs (rental_statement_id);
create index payment_proofs_utility_statement_id_idx on public.payment_proofs (utility_statement_id);

-- ----------------------------------------------------------------------------
-- Maintenance requests, their status history and comments
-- ----------------------------------------------------------------------------
create table public.maintenance_requests (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id) on delete restrict default private.current_tenant_id(),
  shop_id uuid references public.shops (id) on delete set null default private.current_tenant_shop_id(),
  category text not null check (category in (
    'electrical', 'plumbing', 'air_conditioning', 'structural', 'cleaning', 'security', 'signage', 'other')),
  description text not null check (char_length(btrim(description)) >= 10 and char_length(description) <= 4000),
  urgency text not null default 'normal' check (urgency in ('low', 'normal', 'high', 'urgent')),
  status text not null default 'received' check (status in ('received', 'scheduled', 'in_progress', 'resolved')),
  -- The admin's note for the latest status change (copied into the history).
  status_note text check (status_note is null or char_length(status_note) <= 2000),
  scheduled_for date,
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index maintenance_requests_tenant_id_idx on public.maintenance_requests (tenant_id, created_at desc);
create index maintenance_requests_status_idx on public.maintenance_requests (status, created_at desc);

create table public.maintenance_request_events (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.maintenance_requests (id) on delete cascade,
  -- Copied from the request, so the tenant's read rule needs no join.
  tenant_id uuid not null references public.tenants (id) on delete restrict,
  status text not null check (status in ('received', 'scheduled', 'in_progress', 'resolved')),
  note text,
  changed_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index maintenance_request_events_request_id_idx on public.maintenance_request_events (request_id, created_at);

create table public.maintenance_comments (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.maintenance_requests (id) on delete cascade,
  -- Copied from the request by the trigger below (whatever the caller sends).
  tenant_id uuid not null references public.tenants (id) on delete restrict,
  author_id uuid references auth.users (id) on delete set null default auth.uid(),
  author_role text not null default 'tenant' check (author_role in ('tenant', 'admin')),
  body text not null check (btrim(body) <> '' and char_length(body) <= 2000),
  created_at timestamptz not null default now()
);
create index maintenance_comments_request_id_idx on public.maintenance_comments (request_id, created_at);

-- ----------------------------------------------------------------------------
-- Triggers
-- ----------------------------------------------------------------------------
create trigger notices_set_updated_at before update on public.notices
  for each row execute function private.set_updated_at();
create trigger maintenance_requests_set_updated_at before update on public.maintenance_requests
  for each row execute function private.set_updated_at();

-- Every status a request takes, in order, with who set it and the admin's note.
create or replace function private.record_maintenance_status() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into public.maintenance_request_events (request_id, tenant_id, status, note, changed_by)
    values (new.id, new.tenant_id, new.status, new.status_note, auth.uid());
  end if;
  return null;
end
$$;
create trigger maintenance_requests_record_status after insert or update on public.maintenance_requests
  for each row execute function private.record_maintenance_status();

-- A request keeps its tenant and who logged it (only admins and the service role update it at all).
create or replace function private.guard_maintenance_request() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.tenant_id is distinct from old.tenant_id or new.created_at is distinct from old.created_at
      or new.created_by is distinct from old.created_by) then
    raise exception 'A maintenance request keeps its tenant and creation details' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger maintenance_requests_guard before update on public.maintenance_requests
  for each row execute function private.guard_maintenance_request();

-- A comment belongs to its request's tenant and says who wrote it.
create or replace function private.fill_maintenance_comment() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  select r.tenant_id into new.tenant_id from public.maintenance_requests r where r.id = new.request_id;
  if new.tenant_id is null then
    raise exception 'No such maintenance request' using errcode = '23503';
  end if;
  new.author_id := coalesce(auth.uid(), new.author_id);
  -- current_user is this function's owner here: the caller's role comes from the claims.
  new.author_role := case coalesce(auth.jwt() ->> 'role', '')
    when 'authenticated' then case when private.is_admin() then 'admin' else 'tenant' end
    when 'anon' then 'tenant'
    else new.author_role
  end;
  new.created_at := now();
  return new;
end
$$;
create trigger maintenance_comments_fill before insert on public.maintenance_comments
  for each row execute function private.fill_maintenance_comment();

-- ----------------------------------------------------------------------------
-- Storage: what a file's path must point at
-- ----------------------------------------------------------------------------
-- A proof of payment goes under `{tenant_id}/{rental|utility}/{statement_id}/{file}` and only
-- against that tenant's statement while it awaits payment. Refusals use 42501, which the storage
-- API reports with this message (AccessDenied), so the person uploading reads why.
create or replace function private.check_storage_object_target() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  parts text[] := string_to_array(new.name, '/');
  statement_status text;
  target_request uuid;
  photo_count int;
begin
  if new.bucket_id = 'payment-proofs' then
    if cardinality(parts) <> 4 or parts[2] not in ('rental', 'utility')
      or parts[1] !~ '^[0-9a-f-]{36}$' or parts[3] !~ '^[0-9a-f-]{36}$' then
      raise exception 'A proof of payment goes under {tenant_id}/{rental|utility}/{statement_id}/{file}'
        using errcode = '42501';
    end if;
    if parts[2] = 'rental' then
      select s.status into statement_status from public.rental_statements s
      where s.id = parts[3]::uuid and s.tenant_id = parts[1]::uuid for update;
    else
      select s.status into statement_status from public.utility_statements s
      where s.id = parts[3]::uuid and s.tenant_id = parts[1]::uuid for update;
    end if;
    if statement_status is null then
      raise exception 'No such statement for this tenant' using errcode = '42501';
    end if;
    if statement_status not in ('issued', 'overdue', 'payment_submitted') then
      raise exception 'Proof of payment can only be added to an issued, unpaid statement' using errcode = '42501';
    end if;
  elsif new.bucket_id = 'maintenance-photos' then
    if cardinality(parts) <> 3 or parts[1] !~ '^[0-9a-f-]{36}$' or parts[2] !~ '^[0-9a-f-]{36}$' then
      raise exception 'A maintenance photo goes under {tenant_id}/{request_id}/{file}' using errcode = '42501';
    end if;
    select r.id into target_request from public.maintenance_requests r
    where r.id = parts[2]::uuid and r.tenant_id = parts[1]::uuid for update;
    if target_request is null then
      raise exception 'No such maintenance request for this tenant' using errcode = '42501';
    end if;
    select count(*) into photo_count from storage.objects o
    where o.bucket_id = 'maintenance-photos' and o.name like parts[1] || '/' || parts[2] || '/%'
      and o.name <> new.name;
    if photo_count >= 5 then
      raise exception 'A maintenance request can have at most 5 photos' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;
create trigger objects_check_target before insert on storage.objects
  for each row when (new.bucket_id in ('payment-proofs', 'maintenance-photos'))
  execute function private.check_storage_object_target();

-- The proof's row and the statement's new state commit with the file's row, or none of them does.
create or replace function private.record_payment_proof() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  parts text[] := string_to_array(new.name, '/');
begin
  if parts[2] = 'rental' then
    update public.rental_statements set status = 'payment_submitted'
    where id = parts[3]::uuid and status in ('issued', 'overdue');
    insert into public.payment_proofs (object_id, tenant_id, statement_kind, rental_statement_id, object_path, uploaded_by)
    values (new.id, parts[1]::uuid, 'rental', parts[3]::uuid, new.name, auth.uid());
  else
    update public.utility_statements set status = 'payment_submitted'
    where id = parts[3]::uuid and status in ('issued', 'overdue');
    insert into public.payment_proofs (object_id, tenant_id, statement_kind, utility_statement_id, object_path, uploaded_by)
    values (new.id, parts[1]::uuid, 'utility', parts[3]::uuid, new.name, auth.uid());
  end if;
  return null;
end
$$;
create trigger objects_record_payment_proof after insert on storage.objects
  for each row when (new.bucket_id = 'payment-proofs')
  execute function private.record_payment_proof();

revoke all on function private.notice_addresses_current_tenant(text, uuid[]), private.record_maintenance_status(),
  private.guard_maintenance_request(), private.fill_maintenance_comment(), private.check_storage_object_target(),
  private.record_payment_proof() from public;
grant execute on function private.notice_addresses_current_tenant(text, uuid[]) to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Row-level security
-- ----------------------------------------------------------------------------
alter table public.notices enable row level security;
alter table public.notice_receipts enable row level security;
alter table public.payment_proofs enable row level security;
alter table public.maintenance_requests enable row level security;
alter table public.maintenance_request_events enable row level security;
alter table public.maintenance_comments enable row level security;

-- notices
create policy "Admins can read every notice" on public.notices
  for select to authenticated using (private.is_admin());
create policy "Tenants can read the published notices addressed to them" on public.notices
  for select to authenticated
  using (published_at <= now() and private.notice_addresses_current_tenant(audience, shop_ids));
create policy "Admins can publish notices" on public.notices
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update notices" on public.notices
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete notices" on public.notices
  for delete to authenticated using (private.is_admin());

-- notice_receipts: a tenant marks a notice addressed to them as read, once
create policy "Admins can read every read receipt" on public.notice_receipts
  for select to authenticated using (private.is_admin());
create policy "Tenants can read their own read receipts" on public.notice_receipts
  for select to authenticated using (tenant_id = private.current_tenant_id());
create policy "Tenants can mark notices addressed to them as read" on public.notice_receipts
  for insert to authenticated
  with check (
    tenant_id = private.current_tenant_id()
    and read_by = auth.uid()
    and exists (
      select 1 from public.notices n
      where n.id = notice_id and n.published_at <= now()
        and private.notice_addresses_current_tenant(n.audience, n.shop_ids)
    )
  );

-- payment_proofs: written only by the storage trigger
create policy "Admins can read every proof of payment" on public.payment_proofs
  for select to authenticated using (private.is_admin());
create policy "Tenants can read their own proofs of payment" on public.payment_proofs
  for select to authenticated using (tenant_id = private.current_tenant_id());

-- maintenance_requests
create policy "Admins can read every maintenance request" on public.maintenance_requests
  for select to authenticated using (private.is_admin());
create policy "Tenants can read their own maintenance requests" on public.maintenance_requests
  for select to authenticated using (tenant_id = private.current_tenant_id());
create policy "Tenants can log maintenance requests for their own shop" on public.maintenance_requests
  for insert to authenticated
  with check (
    tenant_id = private.current_tenant_id()
    and shop_id is not distinct from private.current_tenant_shop_id()
    and private.current_tenant_shop_id() is not null
    and status = 'received' and status_note is null and scheduled_for is null
    and created_by = auth.uid()
  );
create policy "Admins can log maintenance requests" on public.maintenance_requests
  for insert to authenticated with check (private.is_admin());
create policy "Admins can change maintenance requests" on public.maintenance_requests
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete maintenance requests" on public.maintenance_requests
  for delete to authenticated using (private.is_admin());

-- maintenance_request_events: written only by the trigger
create policy "Admins can read every maintenance status change" on public.maintenance_request_events
  for select to authenticated using (private.is_admin());
create policy "Tenants can read the status history of their own requests" on public.maintenance_request_events
  for select to authenticated using (tenant_id = private.current_tenant_id());

-- maintenance_comments
create policy "Admins can read every maintenance comment" on public.maintenance_comments
  for select to authenticated using (private.is_admin());
create policy "Tenants can read the comments on their own requests" on public.maintenance_comments
  for select to authenticated using (tenant_id = private.current_tenant_id());
create policy "Tenants can comment on their own requests" on public.maintenance_comments
  for insert to authenticated
  with check (tenant_id = private.current_tenant_id() and author_id = auth.uid() and author_role = 'tenant');
create policy "Admins can comment on any request" on public.maintenance_comments
  for insert to authenticated with check (private.is_admin() and author_role = 'admin');

-- Assurance level (migration 20261123100000): nothing without the second factor once enrolled.
do $$
declare t text;
begin
  foreach t in array array['notices', 'notice_receipts', 'payment_proofs', 'maintenance_requests',
    'maintenance_request_events', 'maintenance_comments']
  loop
    execute format(
      'create policy "Two-factor users must present their second factor" on public.%I
         as restrictive for all to authenticated
         using ((select private.has_required_aal()))
         with check ((select private.has_required_aal()))', t);
  end loop;
end
$$;

-- Files: a tenant adds and reads proofs and photos in their own folder; admins already manage
-- every file ("Admins can manage every file"). Neither kind of file is changed or removed by a tenant.
create policy "Tenants can upload proofs of payment into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'payment-proofs' and (storage.foldername(name))[1] = private.current_tenant_id()::text);
create policy "Tenants can read their own proofs of payment" on storage.objects
  for select to authenticated
  using (bucket_id = 'payment-proofs' and (storage.foldername(name))[1] = private.current_tenant_id()::text);
create policy "Tenants can upload photos of their own maintenance requests" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'maintenance-photos' and (storage.foldername(name))[1] = private.current_tenant_id()::text);
create policy "Tenants can read photos of their own maintenance requests" on storage.objects
  for select to authenticated
  using (bucket_id = 'maintenance-photos' and (storage.foldername(name))[1] = private.current_tenant_id()::text);

-- ----------------------------------------------------------------------------
-- Realtime: row changes of the new tables, delivered only to those RLS lets read them
-- ----------------------------------------------------------------------------
select realtime.watch_table(t::regclass)
from unnest(array[
  'public.notices', 'public.notice_receipts', 'public.payment_proofs', 'public.maintenance_requests',
  'public.maintenance_request_events', 'public.maintenance_comments'
]) as t;
