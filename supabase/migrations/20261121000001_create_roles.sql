-- ============================================================================
-- Roles and grants, as Supabase sets them up.
--   anon           a visitor without a session            (subject to RLS)
--   authenticated  a signed-in user (tenant or admin)     (subject to RLS)
--   service_role   the gateway's own trusted operations   (bypasses RLS)
-- The gateway connects as one login role and switches to one of these per
-- transaction (set_config('role', ...)); it never filters rows itself.
-- ============================================================================

create extension if not exists pgcrypto;

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- A non-superuser login role must be a member to switch into the three roles.
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end
$$;

-- ----------------------------------------------------------------------------
-- public: reachable by all three roles; RLS on every table decides the rows.
-- TRUNCATE, REFERENCES and TRIGGER are never granted (TRUNCATE would skip RLS).
-- ----------------------------------------------------------------------------
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant select, insert, update, delete on tables to anon, authenticated, service_role;
alter default privileges in schema public grant usage, select on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- private: security-definer helpers used by policies; never exposed over REST.
-- ----------------------------------------------------------------------------
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;
revoke all on schema private from public;
