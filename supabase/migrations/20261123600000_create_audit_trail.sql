-- ============================================================================
-- The audit trail (issue 13, item 9; product.md §3 new data): every write made
-- through the API to a table centre management writes (who, what, when, the row
-- before and after) is recorded by the database itself, in an append-only
-- table. Admins read it (with their second factor); nobody inserts, updates or
-- deletes it directly, the service role included: rows arrive only through the
-- trigger below, and a second trigger refuses UPDATE, DELETE and TRUNCATE even
-- for the table's owner.
--
-- What is recorded: writes made by a caller of the API (anon, authenticated or
-- service_role, i.e. a transaction with request JWT claims). The gateway's own
-- start-up work (migrations and the demo seed, run without claims) is not.
-- ============================================================================

create table public.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  -- Who: the JWT subject (null for anon and the service role), their e-mail and role at the time.
  actor_id uuid,
  actor_email text,
  actor_role text not null,
  -- What: the table (schema-qualified unless public), the row's id and the kind of write.
  table_name text not null,
  record_id text,
  action text not null check (action in ('insert', 'update', 'delete')),
  -- Before (update, delete) and after (insert, update), and the columns an update changed.
  old_data jsonb,
  new_data jsonb,
  changed_fields text[] not null default '{}'
);
create index audit_log_occurred_at_idx on public.audit_log (occurred_at desc, id desc);
create index audit_log_record_idx on public.audit_log (table_name, record_id, occurred_at desc);
create index audit_log_actor_idx on public.audit_log (actor_id, occurred_at desc);
create index audit_log_actor_email_idx on public.audit_log (lower(actor_email));

alter table public.audit_log enable row level security;

-- Read only: the default privileges of the public schema granted every role everything.
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to anon, authenticated, service_role;

create policy "Admins can read the audit trail" on public.audit_log
  for select to authenticated using ((select private.is_admin()));
create policy "Two-factor users must present their second factor" on public.audit_log
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

-- ----------------------------------------------------------------------------
-- Append-only, whoever asks: no UPDATE, DELETE or TRUNCATE, even by the owner.
-- ----------------------------------------------------------------------------
create or replace function private.refuse_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit trail is append-only: % is not allowed', lower(tg_op)
    using errcode = '42501', hint = 'Audit entries cannot be changed or removed.';
end
$$;

create trigger audit_log_append_only
  before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

-- ----------------------------------------------------------------------------
-- The recorder: an AFTER row trigger on each audited table. Security definer,
-- so it writes the trail although the caller cannot.
-- ----------------------------------------------------------------------------
create or replace function private.record_audit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  before_row jsonb;
  after_row jsonb;
  changed text[] := '{}';
  target text;
begin
  -- Migrations and the demo seed run without a caller: not an API write.
  if claims is null then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then before_row := to_jsonb(old); end if;
  if tg_op in ('INSERT', 'UPDATE') then after_row := to_jsonb(new); end if;
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(k order by k), '{}') into changed
    from jsonb_object_keys(after_row) as k
    where after_row -> k is distinct from before_row -> k and k <> 'updated_at';
    -- Nothing but the timestamp changed: not worth an entry.
    if cardinality(changed) = 0 then
      return null;
    end if;
  end if;
  target := case when tg_table_schema = 'public' then tg_table_name
                 else tg_table_schema || '.' || tg_table_name end;
  insert into public.audit_log
    (actor_id, actor_email, actor_role, table_name, record_id, action, old_data, new_data, changed_fields)
  values (
    auth.uid(),
    claims ->> 'email',
    coalesce(claims ->> 'role', 'unknown'),
    target,
    coalesce(after_row ->> 'id', before_row ->> 'id'),
    lower(tg_op),
    before_row,
    after_row,
    changed
  );
  return null;
end
$$;

revoke all on function private.record_audit(), private.refuse_audit_change() from public;

-- Attaches the recorder to a table (other areas call this for the tables they add).
create or replace function private.audit_table(target regclass) returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop trigger if exists record_audit on %s', target);
  execute format(
    'create trigger record_audit after insert or update or delete on %s
       for each row execute function private.record_audit()', target);
end
$$;
revoke all on function private.audit_table(regclass) from public;

do $$
declare t text;
begin
  foreach t in array array['public.centre_settings', 'public.shops', 'public.vacant_shops',
    'public.tenants', 'public.rental_statements', 'public.utility_statements', 'public.newsletters',
    'public.newsletter_subscribers', 'public.enquiries', 'storage.objects', 'storage.buckets']
  loop
    perform private.audit_table(t::regclass);
  end loop;
end
$$;
