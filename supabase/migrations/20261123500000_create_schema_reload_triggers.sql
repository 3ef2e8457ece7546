-- ============================================================================
-- Schema cache reload after DDL (issue 17, item 11). The REST service keeps a
-- cache of tables, relationships and functions; like PostgREST it reloads it on
--
--   notify pgrst, 'reload schema';   -- (or an empty payload)
--
-- These event triggers send that notification after every DDL statement that
-- can change what REST exposes, so a migration applied by any tool (psql, the
-- Supabase CLI, another gateway) is seen without a restart. Temporary objects
-- are left out. Event triggers need a superuser: where the migrating role is
-- not one, the triggers are skipped and `notify pgrst, 'reload schema'` after
-- a change does the same by hand.
-- ============================================================================

create or replace function private.notify_schema_reload_after_ddl() returns event_trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (
    select 1 from pg_catalog.pg_event_trigger_ddl_commands() as c
    where c.schema_name is distinct from 'pg_temp'
      and c.command_tag in (
        'CREATE SCHEMA', 'ALTER SCHEMA', 'DROP SCHEMA',
        'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE',
        'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE',
        'CREATE VIEW', 'ALTER VIEW', 'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW',
        'CREATE FUNCTION', 'ALTER FUNCTION', 'CREATE PROCEDURE', 'ALTER PROCEDURE',
        'CREATE TYPE', 'ALTER TYPE', 'CREATE DOMAIN', 'ALTER DOMAIN',
        'CREATE RULE', 'CREATE TRIGGER', 'COMMENT', 'GRANT', 'REVOKE'
      )
  ) then
    perform pg_catalog.pg_notify('pgrst', 'reload schema');
  end if;
end
$$;

create or replace function private.notify_schema_reload_after_drop() returns event_trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (
    select 1 from pg_catalog.pg_event_trigger_dropped_objects() as o
    where not o.is_temporary
      and o.object_type in (
        'schema', 'table', 'table column', 'foreign table', 'view', 'materialized view',
        'function', 'procedure', 'type', 'domain', 'rule', 'trigger', 'table constraint'
      )
  ) then
    perform pg_catalog.pg_notify('pgrst', 'reload schema');
  end if;
end
$$;

revoke all on function private.notify_schema_reload_after_ddl() from public;
revoke all on function private.notify_schema_reload_after_drop() from public;

do $$
begin
  if (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    drop event trigger if exists genesis_schema_reload_ddl;
    drop event trigger if exists genesis_schema_reload_drop;
    create event trigger genesis_schema_reload_ddl on ddl_command_end
      execute function private.notify_schema_reload_after_ddl();
    create event trigger genesis_schema_reload_drop on sql_drop
      execute function private.notify_schema_reload_after_drop();
  else
    raise notice 'schema reload triggers skipped: % is not a superuser; send notify pgrst, ''reload schema'' after DDL', current_user;
  end if;
end
$$;
