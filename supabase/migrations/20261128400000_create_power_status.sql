-- ============================================================================
-- Power status (issue 18, item 2; product.md §9): the centre's supply (on
-- grid, on generator, partial, off) set by centre management, and each
-- store's trading state (trading normally, limited, closed) set by its tenant
-- or an admin, with an optional note and the time the state began. Every
-- report is a row of its own, so the history is kept; the latest row per
-- scope is the current state (view public.current_power_statuses). A state
-- older than the centre's setting `power_status_stale_minutes` is shown as
-- stale rather than trusted (packages/contracts/src/power-status.ts).
--
--   power_statuses   everyone reads; an admin reports the centre's and any
--                    shop's; a tenant reports their own shop's; nobody
--                    rewrites or removes a report (the service role aside)
-- ============================================================================

-- ----------------------------------------------------------------------------
-- The setting: after how long a report is no longer trusted
-- ----------------------------------------------------------------------------
alter table public.centre_settings
  add column power_status_stale_minutes integer not null default 180
    check (power_status_stale_minutes between 5 and 10080);

-- ----------------------------------------------------------------------------
-- Reports
-- ----------------------------------------------------------------------------
create table public.power_statuses (
  id uuid primary key default gen_random_uuid(),
  -- The shop the report is about; null: the centre.
  shop_id uuid references public.shops (id) on delete cascade,
  state text not null,
  note text check (note is null or (btrim(note) <> '' and char_length(note) <= 280)),
  -- When the state began, as the reporter says (optional; the report's own time otherwise).
  since timestamptz,
  reported_by uuid references auth.users (id) on delete set null default auth.uid(),
  reported_at timestamptz not null default now(),
  constraint power_statuses_state_fits_scope check (
    (shop_id is null and state in ('on_grid', 'on_generator', 'partial', 'off'))
    or (shop_id is not null and state in ('trading', 'limited', 'closed'))),
  -- A state cannot begin after it was reported (five minutes for a phone's clock), nor a week before.
  constraint power_statuses_since_near_report check (
    since is null or (since <= reported_at + interval '5 minutes' and since >= reported_at - interval '7 days'))
);
create index power_statuses_scope_idx on public.power_statuses (shop_id, reported_at desc);

-- The report's time and author are the database's, whatever the caller sends.
create or replace function private.stamp_power_status() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.reported_at := now();
  new.reported_by := coalesce(auth.uid(), new.reported_by);
  return new;
end
$$;
create trigger power_statuses_stamp before insert on public.power_statuses
  for each row execute function private.stamp_power_status();
revoke all on function private.stamp_power_status() from public;

-- The current state of the centre (shop_id null) and of every shop that has reported: the latest
-- report of each, with the setting that says when it turns stale. Security invoker: the caller's
-- RLS on power_statuses applies.
create view public.current_power_statuses with (security_invoker = true) as
select distinct on (p.shop_id)
  p.id, p.shop_id, p.state, p.note, p.since, p.reported_at,
  coalesce((select c.power_status_stale_minutes from public.centre_settings c limit 1), 180) as stale_after_minutes
from public.power_statuses p
order by p.shop_id nulls first, p.reported_at desc, p.id desc;

-- ----------------------------------------------------------------------------
-- Row-level security
-- ----------------------------------------------------------------------------
alter table public.power_statuses enable row level security;

create policy "Anyone can read power statuses" on public.power_statuses
  for select to anon, authenticated using (true);
create policy "Admins can report the power status of the centre and of any shop" on public.power_statuses
  for insert to authenticated with check (private.is_admin());
create policy "Tenants can report the trading state of their own shop" on public.power_statuses
  for insert to authenticated
  with check (shop_id is not null and shop_id = private.current_tenant_shop_id());
-- No update or delete policy: a report, once made, is history.

-- Writes need the second factor once enrolled (migration 20261123100000); reads are everyone's.
create policy "Two-factor users must present their second factor to report" on public.power_statuses
  as restrictive for insert to authenticated with check ((select private.has_required_aal()));

-- ----------------------------------------------------------------------------
-- Realtime and the audit trail
-- ----------------------------------------------------------------------------
select realtime.watch_table('public.power_statuses'::regclass);
select private.audit_table('public.power_statuses'::regclass);

-- History is kept: no API role rewrites or removes a report (the service role keeps its rights
-- for data-subject and retention work).
revoke update, delete, truncate on public.power_statuses from anon, authenticated;
