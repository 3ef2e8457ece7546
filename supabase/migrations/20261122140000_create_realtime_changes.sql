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

revoke all on function realtime.capture_change(), realtime.watch_table(regclass),
  realtime.unwatch_table(regclass), realtime.prune_changes(interval) from public;

-- ----------------------------------------------------------------------------
-- The tables the product watches (admin dashboard, tenant portal, directory)
-- ----------------------------------------------------------------------------
select realtime.watch_table(t::regclass)
from unnest(array[
  'public.enquiries', 'public.newsletter_subscribers', 'public.newsletters', 'public.rental_statements',
  'public.utility_statements', 'public.shops', 'public.vacant_shops', 'public.tenants',
  'public.centre_settings'
]) as t;
