-- ============================================================================
-- Row changes for the realtime service (supabase-protocol.md §6.5).
-- A trigger records every insert, update and delete of a watched table in
-- realtime.changes and notifies only the new row's id on channel
-- 'realtime_changes'. The gateway reads the change back by id, so rows larger
-- than the 8000-byte NOTIFY limit are never lost, and several gateway
-- processes can each LISTEN and read the same durable change.
-- Nothing here is reachable by anon, authenticated or service_role: who may
-- see a change is decided per subscriber by the table's own RLS policies.
-- ============================================================================

create schema if not exists realtime;
revoke all on schema realtime from public;

-- ----------------------------------------------------------------------------
-- The change log
-- ----------------------------------------------------------------------------
create table realtime.changes (
  id bigint generated always as identity primary key,
  schema_name text not null,
  table_name text not null,
  type text not null check (type in ('INSERT', 'UPDATE', 'DELETE')),
  -- The new row (INSERT, UPDATE); null for DELETE.
  record jsonb,
  -- Only the primary key of the old row (UPDATE, DELETE), never its other columns.
  old_record jsonb,
  -- Taken when the row changed, just before its transaction commits (a trigger cannot see the
  -- commit itself); NOTIFY still delivers in commit order.
  commit_timestamp timestamptz not null default clock_timestamp()
);
create index changes_commit_timestamp_idx on realtime.changes (commit_timestamp);
revoke all on realtime.changes from public, anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Capture: one AFTER row trigger per watched table. The trigger's arguments are
-- the table's primary-key columns, fixed when the table is watched.
-- ----------------------------------------------------------------------------
create or replace function realtime.capture_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change_id bigint;
  old_keys jsonb;
  old_row jsonb;
  key text;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    old_row := to_jsonb(old);
    old_keys := '{}'::jsonb;
    foreach key in array tg_argv loop
      old_keys := old_keys || jsonb_build_object(key, old_row -> key);
    end loop;
  end if;
  insert into realtime.changes (schema_name, table_name, type, record, old_record)
  values (tg_table_schema, tg_table_name, tg_op,
          case when tg_op = 'DELETE' then null else to_jsonb(new) end, old_keys)
  returning id into change_id;
  perform pg_notify('realtime_changes', change_id::text);
  return null;
end
$$;

-- Turns change capture on for a table (idempotent). The table needs a primary key: deletes are
-- delivered as that key only.
create or replace function realtime.watch_table(target regclass) returns void
language plpgsql
set search_path = ''
as $$
declare
  keys text[];
  rel_schema text;
  rel_name text;
begin
  select n.nspname, c.relname into rel_schema, rel_name
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = target;
  select array_agg(a.attname::text order by k.ord) into keys
  from pg_catalog.pg_index i
  cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
  where i.indrelid = target and i.indisprimary;
  if keys is null then
    raise exception 'Table %.% has no primary key, so its changes cannot be watched', rel_schema, rel_name;
  end if;
  execute format('drop trigger if exists realtime_capture_change on %I.%I', rel_schema, rel_name);
  execute format(
    'create trigger realtime_capture_change after insert or update or delete on %I.%I '
    'for each row execute function realtime.capture_change(%s)',
    rel_schema, rel_name,
    (select string_agg(quote_literal(k), ', ') from unnest(keys) as k));
end
$$;

create or replace function realtime.unwatch_table(target regclass) returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('drop trigger if exists realtime_capture_change on %s', target);
end
$$;

-- Deletes changes older than `keep`; the gateway calls it periodically. Changes are only needed
-- until every gateway process has read them, which takes milliseconds.
create or replace function realtime.prune_changes(keep interval) returns bigint
language sql
set search_path = ''
as $$
  with gone as (
    delete from realtime.changes where commit_timestamp < clock_timestamp() - keep returning 1
  )
  select count(*) from gone
$$;

-- ----------------------------------------------------------------------------
-- Delivery check: which captured versions each subscriber may see. For every
-- subscriber in turn it sets role and JWT claims exactly as for a request
-- (supabase-protocol.md §1.4) and evaluates the table's own SELECT policies
-- (permissive ones OR-ed, restrictive ones AND-ed, as PostgreSQL combines
-- them) against the captured version itself, not against the row as it is
-- now: a version the subscriber was never allowed to see (a draft, a row that
-- belonged to another tenant before an update) is never sent, and a version it
-- could see is sent even if the row changed again since. Tables without RLS
-- and roles with BYPASSRLS see every version; no SELECT privilege, nothing.
-- `with_table` also reports (record -1) whether the subscriber may select from
-- the table at all (deletes send the primary key only, to those).
-- One round trip for every subscriber of a batch instead of a transaction each.
-- Only the gateway's own login role may run this: it switches roles.
-- ----------------------------------------------------------------------------
create or replace function realtime.visible_versions(
  callers jsonb, target regclass, records jsonb, with_table boolean)
returns table (caller_index int, record_index int)
language plpgsql
set search_path = ''
as $$
declare
  caller record;
  rel_schema text;
  rel_name text;
  rls_enabled boolean;
  permissive text;
  restrictive text;
  predicate text;
  predicates jsonb := '{}';
begin
  select n.nspname, c.relname, c.relrowsecurity into rel_schema, rel_name, rls_enabled
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = target;
  for caller in
    select e.value ->> 'role' as role, e.value -> 'claims' as claims, (e.ordinality - 1)::int as idx
    from pg_catalog.jsonb_array_elements(callers) with ordinality as e
  loop
    if caller.role is null or caller.role not in ('anon', 'authenticated', 'service_role') then
      raise exception 'realtime.visible_versions: % is not an API role', caller.role;
    end if;
    -- The policies that apply to this role, read before switching to it.
    if not predicates ? caller.role then
      if not rls_enabled or (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = caller.role) then
        predicate := 'true';
      else
        select string_agg(format('(%s)', coalesce(p.qual, 'false')), ' or ') filter (where p.permissive = 'PERMISSIVE'),
               string_agg(format('(%s)', coalesce(p.qual, 'false')), ' and ') filter (where p.permissive = 'RESTRICTIVE')
          into permissive, restrictive
        from pg_catalog.pg_policies p
        where p.schemaname = rel_schema and p.tablename = rel_name and p.cmd in ('SELECT', 'ALL')
          and (caller.role = any (p.roles) or 'public' = any (p.roles));
        -- No permissive policy means no row, as in PostgreSQL.
        predicate := format('(%s)', coalesce(permissive, 'false'))
          || case when restrictive is null then '' else format(' and (%s)', restrictive) end;
      end if;
      predicates := predicates || jsonb_build_object(caller.role, predicate);
    end if;
    predicate := predicates ->> caller.role;

    perform pg_catalog.set_config('role', caller.role, true),
      pg_catalog.set_config('request.jwt.claims', caller.claims::text, true),
      pg_catalog.set_config('request.jwt.claim.sub', coalesce(caller.claims ->> 'sub', ''), true),
      pg_catalog.set_config('request.jwt.claim.role', caller.role, true);
    if pg_catalog.has_table_privilege(target, 'SELECT') then
      if pg_catalog.jsonb_array_length(records) > 0 then
        -- The version is bound under the table's own name, so that policies naming it still work.
        return query execute format(
          'select %s, (x.i - 1)::int from pg_catalog.jsonb_array_elements($1) with ordinality as x(rec, i)
             cross join lateral pg_catalog.jsonb_populate_record(null::%s, x.rec) as %I
             where %s',
          caller.idx, target, rel_name, predicate) using records;
      end if;
      if with_table then
        caller_index := caller.idx;
        record_index := -1;
        return next;
      end if;
    end if;
  end loop;
end
$$;

revoke all on function realtime.capture_change(), realtime.watch_table(regclass),
  realtime.unwatch_table(regclass), realtime.prune_changes(interval),
  realtime.visible_versions(jsonb, regclass, jsonb, boolean) from public;

-- ----------------------------------------------------------------------------
-- The tables the product watches (admin dashboard, tenant portal, directory)
-- ----------------------------------------------------------------------------
select realtime.watch_table(t::regclass)
from unnest(array[
  'public.enquiries', 'public.newsletter_subscribers', 'public.newsletters', 'public.rental_statements',
  'public.utility_statements', 'public.shops', 'public.vacant_shops', 'public.tenants',
  'public.centre_settings'
]) as t;
