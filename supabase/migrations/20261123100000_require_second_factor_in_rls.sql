-- ============================================================================
-- The assurance level, enforced by PostgreSQL (issue 11, items 2; product.md §1
-- and §9): a user with a verified TOTP factor who signed in with the password
-- only (an aal1 token) reaches nothing beyond what a visitor reaches, over REST,
-- storage and realtime alike; and, while the centre's setting "two-factor
-- required for every admin" is on (the default), an admin reads and writes no
-- admin data until they have enrolled a factor and presented it (aal2).
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Security settings that PostgreSQL itself must know. One row; the gateway
-- writes it at start-up from its environment (AUTH_MFA_REQUIRED_FOR_ADMINS),
-- so the database and the process never disagree for longer than a restart.
-- Nobody but the gateway's own login role reads or writes it.
-- ----------------------------------------------------------------------------
create table private.security_settings (
  singleton boolean primary key default true check (singleton),
  -- Admins need an aal2 token (so: an enrolled and presented factor) to reach admin data.
  admin_mfa_required boolean not null default true,
  updated_at timestamptz not null default now()
);
insert into private.security_settings (singleton) values (true);
revoke all on private.security_settings from public, anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- The predicate (same name and signature as migration 20261123000001, so every
-- restrictive policy written against it picks up the admin rule):
--   anon and service_role             true (they have no second factor to present)
--   an aal2 token                     true
--   an admin, while admins must use
--   two-factor                        false (enrol, then present the code)
--   anyone else                       true unless they have a verified factor
-- ----------------------------------------------------------------------------
create or replace function private.has_required_aal() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case
    when coalesce(auth.jwt() ->> 'role', '') <> 'authenticated' then true
    when coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' then true
    when coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') = 'admin'
      and coalesce((select s.admin_mfa_required from private.security_settings s), true) then false
    else not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = auth.uid() and f.status = 'verified'
    )
  end
$$;

revoke all on function private.has_required_aal() from public;
grant execute on function private.has_required_aal() to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Tables that hold only per-user or admin data: nothing at all without the
-- required level.
-- ----------------------------------------------------------------------------
do $$
declare t text;
begin
  foreach t in array array['tenants', 'rental_statements', 'utility_statements', 'newsletters',
    'newsletter_subscribers', 'enquiries', 'analytics_events', 'monitoring_errors',
    'monitoring_metrics', 'monitoring_actions']
  loop
    execute format(
      'create policy "Two-factor users must present their second factor" on public.%I
         as restrictive for all to authenticated
         using ((select private.has_required_aal()))
         with check ((select private.has_required_aal()))', t);
  end loop;
end
$$;

-- ----------------------------------------------------------------------------
-- Tables that visitors read too: without the required level a signed-in user
-- reads what a visitor reads, and writes nothing.
-- ----------------------------------------------------------------------------
create policy "Without their second factor users see only what visitors see" on public.shops
  as restrictive for select to authenticated
  using ((select private.has_required_aal()) or is_published);

do $$
declare
  target text;
begin
  foreach target in array array['public.shops', 'public.vacant_shops', 'public.centre_settings',
    'storage.buckets', 'storage.objects']
  loop
    execute format(
      'create policy "Two-factor users must present their second factor to add rows" on %s
         as restrictive for insert to authenticated
         with check ((select private.has_required_aal()))', target);
    execute format(
      'create policy "Two-factor users must present their second factor to change rows" on %s
         as restrictive for update to authenticated
         using ((select private.has_required_aal()))
         with check ((select private.has_required_aal()))', target);
    execute format(
      'create policy "Two-factor users must present their second factor to delete rows" on %s
         as restrictive for delete to authenticated
         using ((select private.has_required_aal()))', target);
  end loop;
end
$$;

-- Files: public buckets stay readable (as for a visitor); the statements bucket, and every
-- private bucket added later, needs the level.
create policy "Without their second factor users see only public files" on storage.objects
  as restrictive for select to authenticated
  using (
    (select private.has_required_aal())
    or exists (select 1 from storage.buckets b where b.id = bucket_id and b.public)
  );
