-- ============================================================================
-- The auth schema (GoTrue's tables), so that migrations written for Supabase
-- run unchanged and the auth service keeps users, sessions and factors here.
-- Only the gateway's auth service (as the login role) touches these tables;
-- anon and authenticated may only call the claim helpers.
-- ============================================================================

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Users and identities
-- ----------------------------------------------------------------------------
create table auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255),
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text unique,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_email_is_lower_case check (email = lower(email))
);
create unique index users_email_key on auth.users (email) where is_sso_user = false;
create index users_created_at_idx on auth.users (created_at);

create table auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);
create index identities_user_id_idx on auth.identities (user_id);

-- ----------------------------------------------------------------------------
-- Sessions and refresh tokens (tokens are stored hashed)
-- ----------------------------------------------------------------------------
create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2', 'aal3')),
  not_after timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip text,
  tag text
);
create index sessions_user_id_idx on auth.sessions (user_id);

create table auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_id_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- ----------------------------------------------------------------------------
-- Multi-factor authentication
-- ----------------------------------------------------------------------------
create table auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null check (status in ('unverified', 'verified')),
  secret text,
  phone text,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index mfa_factors_user_friendly_name_key on auth.mfa_factors (user_id, friendly_name)
  where trim(friendly_name) <> '';
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text,
  otp_code text
);
create index mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id, created_at desc);

create table auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

-- ----------------------------------------------------------------------------
-- One-time tokens (confirmation, recovery, invite, e-mail change, nonce)
-- ----------------------------------------------------------------------------
create table auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in (
    'confirmation_token', 'reauthentication_token', 'recovery_token',
    'email_change_token_new', 'email_change_token_current', 'phone_change_token')),
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- ----------------------------------------------------------------------------
-- Audit log: every security event
-- ----------------------------------------------------------------------------
create table auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  payload json,
  created_at timestamptz not null default now(),
  ip_address varchar(64) not null default ''
);
create index audit_log_entries_created_at_idx on auth.audit_log_entries (created_at);

-- ----------------------------------------------------------------------------
-- Claim helpers (read the request's JWT claims set by the gateway).
-- current_setting() returns '' (not NULL) after a transaction on pooled
-- connections and on PGlite, hence nullif(..., '').
-- ----------------------------------------------------------------------------
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Roles: app_metadata.role is authoritative (RLS reads it from the JWT); it is
-- mirrored into user_metadata.role for the web app, whatever path wrote it.
-- ----------------------------------------------------------------------------
create or replace function auth.mirror_app_role() returns trigger
language plpgsql
as $$
begin
  if new.raw_app_meta_data ? 'role' then
    new.raw_user_meta_data := coalesce(new.raw_user_meta_data, '{}'::jsonb)
      || jsonb_build_object('role', new.raw_app_meta_data -> 'role');
  else
    new.raw_user_meta_data := coalesce(new.raw_user_meta_data, '{}'::jsonb) - 'role';
  end if;
  return new;
end
$$;

create trigger users_mirror_app_role
  before insert or update of raw_app_meta_data, raw_user_meta_data on auth.users
  for each row execute function auth.mirror_app_role();
