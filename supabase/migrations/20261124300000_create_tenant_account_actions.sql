-- ============================================================================
-- Tenant portal accounts (issue 13, item 4): centre management invites a
-- tenant to the portal, resends the invite, sends a password-reset link,
-- removes a lost two-factor factor, deactivates and reactivates the account.
--
-- The work on the account itself is done by the function `tenant-account`
-- with the auth admin API (the service role key never reaches a browser). The
-- permission is decided here, before it does anything: the function first
-- calls `public.begin_tenant_account_action` AS THE CALLER, which refuses
-- everyone but an admin who signed in with their second factor (aal2), checks
-- that the action makes sense for the account as it is, and records the
-- request in `public.tenant_account_actions` (audited, so the audit trail
-- names the admin). The function then records the outcome with the service
-- role.
--
-- A deactivated (banned) tenant also reads nothing at once: the tenant
-- predicates below ignore a banned account, so an access token issued before
-- the ban (valid until it expires) no longer reaches the tenant's data.
-- ============================================================================

create table public.tenant_account_actions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  action text not null check (action in
    ('invite', 'resend_invite', 'password_reset', 'reset_two_factor', 'deactivate', 'reactivate')),
  requested_by uuid,
  requested_by_email text,
  requested_at timestamptz not null default now(),
  -- pending until the function has done it (done) or could not (failed, with the reason).
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  detail text,
  completed_at timestamptz
);
create index tenant_account_actions_tenant_idx on public.tenant_account_actions (tenant_id, requested_at desc);

alter table public.tenant_account_actions enable row level security;
revoke all on public.tenant_account_actions from public, anon, authenticated, service_role;
-- Admins read the history; rows are written only by the function below (as its owner) and
-- completed by the service role.
grant select on public.tenant_account_actions to anon, authenticated;
grant select, update on public.tenant_account_actions to service_role;

create policy "Admins can read tenant account actions" on public.tenant_account_actions
  for select to authenticated using ((select private.is_admin()));
create policy "Two-factor users must present their second factor" on public.tenant_account_actions
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

select private.audit_table('public.tenant_account_actions');

-- ----------------------------------------------------------------------------
-- The account of a tenant as centre management sees it.
-- ----------------------------------------------------------------------------
create or replace function private.tenant_account_state(target_tenant uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'tenant_id', t.id,
    'email', t.email,
    'contact_name', t.contact_name,
    'tenant_status', t.status,
    'user_id', u.id,
    'account_email', u.email,
    'invited_at', u.invited_at,
    'confirmed_at', u.email_confirmed_at,
    'last_sign_in_at', u.last_sign_in_at,
    'banned', coalesce(u.banned_until > now(), false),
    'banned_until', u.banned_until,
    'factors', (select count(*) from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified'),
    'email_taken', exists (
      select 1 from auth.users o where lower(o.email) = lower(t.email) and o.id is distinct from u.id)
  )
  from public.tenants t
  left join auth.users u on u.id = t.user_id
  where t.id = target_tenant
$$;
revoke all on function private.tenant_account_state(uuid) from public;

create or replace function private.require_account_manager() returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'authenticated'
     or not private.is_admin()
     or coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'Only centre management, signed in with their second factor, can manage tenant accounts'
      using errcode = '42501';
  end if;
end
$$;
revoke all on function private.require_account_manager() from public;
grant execute on function private.require_account_manager() to authenticated;

-- What the back office shows about a tenant's portal account (admins with aal2 only).
create or replace function public.tenant_account(target_tenant uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  state jsonb;
begin
  perform private.require_account_manager();
  state := private.tenant_account_state(target_tenant);
  if state is null then
    raise exception 'Tenant not found' using errcode = 'P0002';
  end if;
  return state;
end
$$;
revoke all on function public.tenant_account(uuid) from public, anon;
grant execute on function public.tenant_account(uuid) to authenticated;

-- ----------------------------------------------------------------------------
-- The permission and the precondition of one action, and its record.
-- ----------------------------------------------------------------------------
create or replace function public.begin_tenant_account_action(target_tenant uuid, requested_action text)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  state jsonb;
  has_account boolean;
  confirmed boolean;
  banned boolean;
  action_id uuid;
begin
  perform private.require_account_manager();
  if requested_action is null or requested_action not in
      ('invite', 'resend_invite', 'password_reset', 'reset_two_factor', 'deactivate', 'reactivate') then
    raise exception 'Unknown account action: %', coalesce(requested_action, 'none') using errcode = '22023';
  end if;
  -- One action at a time per tenant: a second click waits for the first and then sees its result.
  perform 1 from public.tenants where id = target_tenant for update;
  state := private.tenant_account_state(target_tenant);
  if state is null then
    raise exception 'Tenant not found' using errcode = 'P0002';
  end if;
  has_account := state ->> 'user_id' is not null;
  confirmed := state ->> 'confirmed_at' is not null;
  banned := (state ->> 'banned')::boolean;

  case requested_action
    when 'invite' then
      if state ->> 'tenant_status' <> 'active' then
        raise exception 'This tenant has vacated: mark them active before inviting them to the portal.'
          using errcode = '55000';
      elsif has_account and confirmed then
        raise exception 'This tenant already has a portal account.' using errcode = '55000';
      elsif has_account then
        raise exception 'This tenant has already been invited: resend the invite instead.' using errcode = '55000';
      elsif (state ->> 'email_taken')::boolean then
        raise exception 'Another portal account already uses %. Change the tenant''s e-mail or remove that account first.',
          state ->> 'email' using errcode = '55000';
      end if;
    when 'resend_invite' then
      if not has_account then
        raise exception 'This tenant has no portal account yet: send an invite first.' using errcode = '55000';
      elsif confirmed then
        raise exception 'This tenant has already accepted the invite: send a password-reset link instead.'
          using errcode = '55000';
      end if;
    when 'password_reset' then
      if not has_account or not confirmed then
        raise exception 'This tenant has not set a password yet: resend the invite instead.' using errcode = '55000';
      elsif banned then
        raise exception 'This account is deactivated: reactivate it first.' using errcode = '55000';
      end if;
    when 'reset_two_factor' then
      if not has_account or (state ->> 'factors')::int = 0 then
        raise exception 'This tenant has no two-factor sign-in to reset.' using errcode = '55000';
      end if;
    when 'deactivate' then
      if not has_account then
        raise exception 'This tenant has no portal account to deactivate.' using errcode = '55000';
      elsif banned then
        raise exception 'This account is already deactivated.' using errcode = '55000';
      end if;
    when 'reactivate' then
      if not has_account or not banned then
        raise exception 'This account is not deactivated.' using errcode = '55000';
      end if;
  end case;

  insert into public.tenant_account_actions (tenant_id, action, requested_by, requested_by_email)
  values (target_tenant, requested_action, auth.uid(), auth.jwt() ->> 'email')
  returning id into action_id;
  return state || jsonb_build_object('action_id', action_id, 'action', requested_action);
end
$$;
revoke all on function public.begin_tenant_account_action(uuid, text) from public, anon;
grant execute on function public.begin_tenant_account_action(uuid, text) to authenticated;

-- ----------------------------------------------------------------------------
-- A banned (deactivated) account is nobody's tenant: the predicates every
-- tenant policy uses ignore it, so the ban takes effect on the next request.
-- ----------------------------------------------------------------------------
create or replace function private.current_tenant_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select t.id from public.tenants t
  join auth.users u on u.id = t.user_id
  where t.user_id = auth.uid() and (u.banned_until is null or u.banned_until <= now())
$$;

create or replace function private.current_tenant_shop_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select t.shop_id from public.tenants t
  join auth.users u on u.id = t.user_id
  where t.user_id = auth.uid() and t.status = 'active'
    and (u.banned_until is null or u.banned_until <= now())
$$;

drop policy "Tenants can read their own tenant record" on public.tenants;
create policy "Tenants can read their own tenant record" on public.tenants
  for select to authenticated using (id = (select private.current_tenant_id()));
