-- ============================================================================
-- Assurance level (product.md §9): once a user has a verified TOTP factor, the
-- data RLS lets them reach needs an aal2 token. This migration defines the one
-- predicate every restrictive policy uses; later migrations attach it to their
-- tables as
--
--   create policy "Two-factor users must present their second factor" on <table>
--     as restrictive for all to authenticated
--     using ((select private.has_required_aal()))
--     with check ((select private.has_required_aal()));
--
-- The `(select …)` wrapper makes PostgreSQL evaluate it once per statement
-- rather than once per row.
-- ============================================================================

create or replace function private.has_required_aal() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case
    -- anon and service_role have no second factor to present
    when coalesce(auth.jwt() ->> 'role', '') <> 'authenticated' then true
    when coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' then true
    else not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = auth.uid() and f.status = 'verified'
    )
  end
$$;

revoke all on function private.has_required_aal() from public;
grant execute on function private.has_required_aal() to anon, authenticated, service_role;
