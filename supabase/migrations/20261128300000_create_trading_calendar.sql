-- ============================================================================
-- Open now / closes at, and WhatsApp (issue 18, items 1 and 3; product.md §9):
--
--   public_holidays           everyone reads; admins write. Seeded below with
--                             South Africa's public holidays of 2026 and 2027
--                             (packages/contracts/src/public-holidays.ts, a test
--                             holds this list to it), the Sunday→Monday rule
--                             included as '(observed)' rows.
--   shop_trading_exceptions   a store closed or on special hours on one date;
--                             everyone reads those of the stores they can see;
--                             the store's tenant and admins write.
--   shops.whatsapp            the store's WhatsApp number (tenant-writable, like
--   centre_settings.*_whatsapp  the phone); the centre's management and leasing
--                             numbers (admins). Stored normalised: 27821234567.
--
-- The rule that reads all this is packages/contracts/src/open-now.ts.
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Rules (immutable: CHECK constraints call them)
-- ----------------------------------------------------------------------------

-- A South African mobile number, normalised (packages/contracts/src/whatsapp.ts).
create or replace function private.sa_mobile_ok(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value is null or value ~ '^27(6[0-9]|7[1-9]|8[1-4])[0-9]{7}$'
$$;

-- '082 123 4567', '+27 82 123 4567', '0027…' → '27821234567'; anything else is returned as it
-- came (blank → null), so that the CHECK refuses it.
create or replace function private.normalise_sa_mobile(value text) returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  digits text;
begin
  if value is null or btrim(value) = '' then return null; end if;
  if btrim(value) !~ '^\+?[0-9\s().-]+$' then return value; end if;
  digits := regexp_replace(value, '[^0-9]', '', 'g');
  if starts_with(btrim(value), '+') then
    if digits !~ '^27' then return value; end if;
    digits := regexp_replace(digits, '^270', '27');
  elsif digits ~ '^0027' then
    digits := substr(digits, 3);
  elsif digits ~ '^0' then
    digits := '27' || substr(digits, 2);
  end if;
  return case when private.sa_mobile_ok(digits) then digits else value end;
end
$$;

-- Special hours of an exception: 'HH:MM - HH:MM' (a closing time at or before the opening time
-- runs past midnight; 24:00 is the end of the day).
create or replace function private.trading_range_ok(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value ~ '^([01][0-9]|2[0-3]):[0-5][0-9] - (([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'
$$;

revoke all on function private.sa_mobile_ok(text), private.normalise_sa_mobile(text),
  private.trading_range_ok(text) from public;
grant execute on function private.sa_mobile_ok(text), private.normalise_sa_mobile(text),
  private.trading_range_ok(text) to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Public holidays
-- ----------------------------------------------------------------------------
create table public.public_holidays (
  id uuid primary key default gen_random_uuid(),
  holiday_date date not null unique,
  name text not null check (btrim(name) <> '' and char_length(name) <= 120 and name !~ '[[:cntrl:]]'),
  -- The centre, and so every store, is closed that day; otherwise stores keep their Sunday hours.
  centre_closed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger public_holidays_set_updated_at before update on public.public_holidays
  for each row execute function private.set_updated_at();

insert into public.public_holidays (holiday_date, name) values
  ('2026-01-01', 'New Year''s Day'),
  ('2026-03-21', 'Human Rights Day'),
  ('2026-04-03', 'Good Friday'),
  ('2026-04-06', 'Family Day'),
  ('2026-04-27', 'Freedom Day'),
  ('2026-05-01', 'Workers'' Day'),
  ('2026-06-16', 'Youth Day'),
  ('2026-08-09', 'National Women''s Day'),
  ('2026-08-10', 'National Women''s Day (observed)'),
  ('2026-09-24', 'Heritage Day'),
  ('2026-12-16', 'Day of Reconciliation'),
  ('2026-12-25', 'Christmas Day'),
  ('2026-12-26', 'Day of Goodwill'),
  ('2027-01-01', 'New Year''s Day'),
  ('2027-03-21', 'Human Rights Day'),
  ('2027-03-22', 'Human Rights Day (observed)'),
  ('2027-03-26', 'Good Friday'),
  ('2027-03-29', 'Family Day'),
  ('2027-04-27', 'Freedom Day'),
  ('2027-05-01', 'Workers'' Day'),
  ('2027-06-16', 'Youth Day'),
  ('2027-08-09', 'National Women''s Day'),
  ('2027-09-24', 'Heritage Day'),
  ('2027-12-16', 'Day of Reconciliation'),
  ('2027-12-25', 'Christmas Day'),
  ('2027-12-26', 'Day of Goodwill'),
  ('2027-12-27', 'Day of Goodwill (observed)')
on conflict (holiday_date) do nothing;

-- ----------------------------------------------------------------------------
-- A store's trading exceptions
-- ----------------------------------------------------------------------------
create table public.shop_trading_exceptions (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references public.shops (id) on delete cascade
    default private.current_tenant_shop_id(),
  exception_date date not null,
  closed boolean not null default true,
  -- 'HH:MM - HH:MM' when the store trades special hours that day.
  hours text,
  reason text not null default '' check (char_length(reason) <= 120 and reason !~ '[[:cntrl:]]'),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (shop_id, exception_date),
  constraint shop_trading_exceptions_closed_or_hours check (
    (closed and hours is null) or (not closed and hours is not null and private.trading_range_ok(hours)))
);
create index shop_trading_exceptions_date_idx on public.shop_trading_exceptions (exception_date);
create trigger shop_trading_exceptions_set_updated_at before update on public.shop_trading_exceptions
  for each row execute function private.set_updated_at();

-- ----------------------------------------------------------------------------
-- WhatsApp numbers
-- ----------------------------------------------------------------------------
alter table public.shops add column whatsapp text
  constraint shops_whatsapp_is_sa_mobile check (private.sa_mobile_ok(whatsapp));
alter table public.centre_settings
  add column management_whatsapp text
    constraint centre_settings_management_whatsapp_is_sa_mobile check (private.sa_mobile_ok(management_whatsapp)),
  add column leasing_whatsapp text
    constraint centre_settings_leasing_whatsapp_is_sa_mobile check (private.sa_mobile_ok(leasing_whatsapp));

-- Numbers as people type them are stored normalised; one that is not a mobile is refused naming
-- the field (as the listing's other rules, migration 20261123110000).
create or replace function private.normalise_whatsapp_numbers() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  field text;
begin
  if tg_table_name = 'shops' then
    new.whatsapp := private.normalise_sa_mobile(new.whatsapp);
    if not private.sa_mobile_ok(new.whatsapp) then field := 'whatsapp'; end if;
  else
    new.management_whatsapp := private.normalise_sa_mobile(new.management_whatsapp);
    new.leasing_whatsapp := private.normalise_sa_mobile(new.leasing_whatsapp);
    if not private.sa_mobile_ok(new.management_whatsapp) then field := 'management_whatsapp';
    elsif not private.sa_mobile_ok(new.leasing_whatsapp) then field := 'leasing_whatsapp';
    end if;
  end if;
  if field is not null then
    raise exception 'Invalid %: a South African mobile number such as 082 123 4567 or +27 82 123 4567', field
      using errcode = '23514', column = field, table = tg_table_name, schema = 'public';
  end if;
  return new;
end
$$;
create trigger shops_normalise_whatsapp before insert or update of whatsapp on public.shops
  for each row execute function private.normalise_whatsapp_numbers();
create trigger centre_settings_normalise_whatsapp
  before insert or update of management_whatsapp, leasing_whatsapp on public.centre_settings
  for each row execute function private.normalise_whatsapp_numbers();
revoke all on function private.normalise_whatsapp_numbers() from public;

-- A tenant's update of their shop: the allow-list of 20261123110000 with the WhatsApp number.
create or replace function private.guard_tenant_shop_update() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- What a tenant may change on their own shop's row (updated_at is set by its own trigger).
  allowed constant text[] := array['primary_phone', 'whatsapp', 'website', 'email', 'description',
    'trading_hours', 'logo_path', 'updated_at'];
  refused text;
begin
  if current_user in ('anon', 'authenticated') and not private.is_admin() then
    select string_agg(changed.key, ', ' order by changed.key) into refused
    from pg_catalog.jsonb_each(to_jsonb(new)) as changed(key, value)
    where changed.key <> all (allowed)
      and changed.value is distinct from (to_jsonb(old) -> changed.key);
    if refused is not null then
      raise exception 'Tenants may only change the phone, website, email, description, trading hours and logo of their shop'
        using errcode = '42501',
              detail = 'Refused: ' || refused || '.',
              hint = 'Ask the centre management to change the shop number, name, category, floor, area or publication.';
    end if;
  end if;
  return new;
end
$$;

-- ----------------------------------------------------------------------------
-- Row-level security
-- ----------------------------------------------------------------------------
alter table public.public_holidays enable row level security;
alter table public.shop_trading_exceptions enable row level security;

create policy "Anyone can read the public holidays" on public.public_holidays
  for select to anon, authenticated using (true);
create policy "Admins can add public holidays" on public.public_holidays
  for insert to authenticated with check (private.is_admin());
create policy "Admins can change public holidays" on public.public_holidays
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can remove public holidays" on public.public_holidays
  for delete to authenticated using (private.is_admin());

-- Readable with the store: the shops policies decide which stores the caller sees.
create policy "Anyone can read the exceptions of the stores they can see" on public.shop_trading_exceptions
  for select to anon, authenticated
  using (exists (select 1 from public.shops s where s.id = shop_id));
create policy "Admins can set any store's exceptions" on public.shop_trading_exceptions
  for insert to authenticated with check (private.is_admin());
create policy "Tenants can set their own store's exceptions" on public.shop_trading_exceptions
  for insert to authenticated
  with check (shop_id = private.current_tenant_shop_id() and created_by = auth.uid());
create policy "Admins can change any store's exceptions" on public.shop_trading_exceptions
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Tenants can change their own store's exceptions" on public.shop_trading_exceptions
  for update to authenticated
  using (shop_id = private.current_tenant_shop_id())
  with check (shop_id = private.current_tenant_shop_id());
create policy "Admins can remove any store's exceptions" on public.shop_trading_exceptions
  for delete to authenticated using (private.is_admin());
create policy "Tenants can remove their own store's exceptions" on public.shop_trading_exceptions
  for delete to authenticated using (shop_id = private.current_tenant_shop_id());

-- Assurance level (migration 20261123100000): without their second factor a user reads what a
-- visitor reads and writes nothing.
do $$
declare
  target text;
begin
  foreach target in array array['public.public_holidays', 'public.shop_trading_exceptions']
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

-- ----------------------------------------------------------------------------
-- Audit trail (decision 015) and realtime
-- ----------------------------------------------------------------------------
select private.audit_table('public.public_holidays'::regclass);
select private.audit_table('public.shop_trading_exceptions'::regclass);
select realtime.watch_table(t::regclass)
from unnest(array['public.public_holidays', 'public.shop_trading_exceptions']) as t;
