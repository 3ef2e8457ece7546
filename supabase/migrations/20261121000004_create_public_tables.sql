-- ============================================================================
-- The product's data (product.md §3): tables, constraints, indexes and
-- updated_at triggers. Row-level security is switched on for every table here;
-- the policies follow in the next migration.
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Shared trigger: keep updated_at current
-- ----------------------------------------------------------------------------
create or replace function private.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- ----------------------------------------------------------------------------
-- Centre settings: one row with the facts, addresses and contacts the site shows
-- ----------------------------------------------------------------------------
create table public.centre_settings (
  id uuid primary key default gen_random_uuid(),
  singleton boolean not null default true unique check (singleton),
  centre_name text not null,
  tagline text not null default '',
  address_line text not null,
  suburb text not null default '',
  city text not null default 'Johannesburg',
  province text not null default 'Gauteng',
  postal_code text not null default '',
  phone text not null,
  management_email text not null,
  leasing_email text not null,
  general_email text not null,
  security_company text not null default '',
  security_phone text not null default '',
  map_latitude numeric(9, 6),
  map_longitude numeric(9, 6),
  gla_m2 numeric(10, 2) not null default 0,
  parking_bays text not null default '',
  store_count text not null default '',
  years_serving text not null default '',
  daily_foot_traffic text not null default '',
  occupancy_percent numeric(5, 2),
  catchment_radius_km numeric(6, 2),
  catchment_population text not null default '',
  average_household_income text not null default '',
  age_25_45_percent numeric(5, 2),
  amenities text[] not null default '{}',
  featured_retailers text[] not null default '{}',
  centre_hours jsonb not null default '{}'::jsonb check (jsonb_typeof(centre_hours) = 'object'),
  social_links jsonb not null default '{}'::jsonb check (jsonb_typeof(social_links) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- ----------------------------------------------------------------------------
-- Shops (the store directory)
-- ----------------------------------------------------------------------------
create table public.shops (
  id uuid primary key default gen_random_uuid(),
  shop_no text not null unique check (btrim(shop_no) <> ''),
  trading_name text not null check (btrim(trading_name) <> ''),
  description text not null default '',
  category text not null check (category in (
    'Grocery & Food', 'Fashion & Clothing', 'Electronics', 'Health & Pharmacy', 'Food & Beverage',
    'Children & Family', 'Services', 'Beauty & Personal Care', 'Home & Garden', 'Entertainment',
    'Professional Services')),
  floor text not null check (btrim(floor) <> ''),
  primary_phone text,
  website text,
  email text,
  gla_m2 numeric(10, 2) check (gla_m2 is null or gla_m2 > 0),
  trading_hours jsonb not null default '{}'::jsonb check (jsonb_typeof(trading_hours) = 'object'),
  logo_path text,
  is_published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shops_trading_name_idx on public.shops (lower(trading_name));
create index shops_category_idx on public.shops (category);
create index shops_floor_idx on public.shops (floor);
create index shops_published_shop_no_idx on public.shops (shop_no) where is_published;

-- ----------------------------------------------------------------------------
-- Vacant shops (units to let)
-- ----------------------------------------------------------------------------
create table public.vacant_shops (
  id uuid primary key default gen_random_uuid(),
  unit_number text not null unique check (btrim(unit_number) <> ''),
  size_m2 numeric(10, 2) not null check (size_m2 > 0),
  status text not null default 'Available Now' check (btrim(status) <> ''),
  is_featured boolean not null default false,
  type text not null default 'Retail',
  basic_rental_per_sqm numeric(10, 2) check (basic_rental_per_sqm is null or basic_rental_per_sqm >= 0),
  description text not null default '',
  features text[] not null default '{}',
  floor text,
  floor_plan_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index vacant_shops_listing_idx on public.vacant_shops (is_featured desc, created_at desc);

-- ----------------------------------------------------------------------------
-- Tenants (a shop's operator and their portal account)
-- ----------------------------------------------------------------------------
create table public.tenants (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references auth.users (id) on delete set null,
  shop_id uuid references public.shops (id) on delete set null,
  company_name text not null check (btrim(company_name) <> ''),
  contact_name text not null default '',
  email text not null,
  phone text,
  vat_number text,
  lease_start date,
  lease_end date,
  monthly_rental numeric(12, 2) check (monthly_rental is null or monthly_rental >= 0),
  deposit numeric(12, 2) check (deposit is null or deposit >= 0),
  status text not null default 'active' check (status in ('active', 'vacated')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint tenants_lease_dates_in_order check (lease_end is null or lease_start is null or lease_end >= lease_start)
);
create index tenants_shop_id_idx on public.tenants (shop_id);
create index tenants_company_name_idx on public.tenants (lower(company_name));

-- ----------------------------------------------------------------------------
-- Statements (financial records: never cascade-deleted with a tenant)
-- ----------------------------------------------------------------------------
create table public.rental_statements (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id) on delete restrict,
  period date not null check (extract(day from period) = 1),
  statement_date date not null default current_date,
  due_date date,
  amount_due numeric(12, 2) not null default 0 check (amount_due >= 0),
  amount_paid numeric(12, 2) not null default 0 check (amount_paid >= 0),
  status text not null default 'draft' check (status in ('draft', 'issued', 'paid', 'overdue')),
  line_items jsonb not null default '[]'::jsonb check (jsonb_typeof(line_items) = 'array'),
  file_path text,
  issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, period)
);
create index rental_statements_period_idx on public.rental_statements (period desc);
create index rental_statements_status_idx on public.rental_statements (status);

create table public.utility_statements (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id) on delete restrict,
  period date not null check (extract(day from period) = 1),
  statement_date date not null default current_date,
  due_date date,
  electricity_meter_previous numeric(12, 2),
  electricity_meter_current numeric(12, 2),
  electricity_kwh numeric(12, 2) not null default 0 check (electricity_kwh >= 0),
  electricity_amount numeric(12, 2) not null default 0 check (electricity_amount >= 0),
  water_meter_previous numeric(12, 2),
  water_meter_current numeric(12, 2),
  water_kl numeric(12, 2) not null default 0 check (water_kl >= 0),
  water_amount numeric(12, 2) not null default 0 check (water_amount >= 0),
  other_amount numeric(12, 2) not null default 0 check (other_amount >= 0),
  total_amount numeric(12, 2) generated always as (electricity_amount + water_amount + other_amount) stored,
  amount_paid numeric(12, 2) not null default 0 check (amount_paid >= 0),
  status text not null default 'draft' check (status in ('draft', 'issued', 'paid', 'overdue')),
  file_path text,
  issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, period),
  constraint utility_electricity_meter_forward check (
    electricity_meter_current is null or electricity_meter_previous is null
    or electricity_meter_current >= electricity_meter_previous),
  constraint utility_water_meter_forward check (
    water_meter_current is null or water_meter_previous is null or water_meter_current >= water_meter_previous)
);
create index utility_statements_period_idx on public.utility_statements (period desc);
create index utility_statements_status_idx on public.utility_statements (status);

-- A statement leaving draft gets its issue time once.
create or replace function private.stamp_issued_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status <> 'draft' and new.issued_at is null then
    new.issued_at := now();
  end if;
  return new;
end
$$;

-- ----------------------------------------------------------------------------
-- Newsletters and subscribers (POPIA: consent wording, source and time kept)
-- ----------------------------------------------------------------------------
create table public.newsletters (
  id uuid primary key default gen_random_uuid(),
  subject text not null check (btrim(subject) <> ''),
  preheader text not null default '',
  body text not null default '',
  status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
  sent_at timestamptz,
  recipient_count integer not null default 0 check (recipient_count >= 0),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index newsletters_created_at_idx on public.newsletters (created_at desc);

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  status text not null default 'subscribed' check (status in ('subscribed', 'unsubscribed')),
  source text not null default 'website',
  consent_text text not null,
  consented_at timestamptz not null default now(),
  unsubscribed_at timestamptz,
  unsubscribe_token text not null unique default encode(gen_random_bytes(24), 'hex'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));
create index newsletter_subscribers_status_idx on public.newsletter_subscribers (status);

-- ----------------------------------------------------------------------------
-- Enquiries: stored before any mail is attempted, so none is ever lost
-- ----------------------------------------------------------------------------
create table public.enquiries (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('unit', 'leasing', 'contact')),
  unit_number text,
  name text not null check (btrim(name) <> ''),
  email text not null,
  phone text,
  company text,
  business_type text check (business_type is null or business_type in ('retail', 'food', 'services', 'other')),
  enquiry_type text check (enquiry_type is null or enquiry_type in ('general', 'leasing', 'complaint', 'other')),
  message text,
  source text,
  email_status text not null default 'pending' check (email_status in ('pending', 'sent', 'failed')),
  provider_error text,
  handled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index enquiries_created_at_idx on public.enquiries (created_at desc);
create index enquiries_kind_idx on public.enquiries (kind);

-- ----------------------------------------------------------------------------
-- Monitoring (written by the gateway's ingestion API as service_role)
-- ----------------------------------------------------------------------------
create table public.analytics_events (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  properties jsonb not null default '{}'::jsonb,
  user_id uuid,
  tenant_id uuid,
  occurred_at timestamptz not null default now(),
  session_id text,
  url text,
  referrer text,
  created_at timestamptz not null default now()
);
create index analytics_events_occurred_at_idx on public.analytics_events (occurred_at desc);
create index analytics_events_name_idx on public.analytics_events (name, occurred_at desc);

create table public.monitoring_errors (
  id uuid primary key default gen_random_uuid(),
  message text not null,
  stack text,
  component_stack text,
  url text,
  user_id uuid,
  tenant_id uuid,
  occurred_at timestamptz not null default now(),
  user_agent text,
  session_id text,
  created_at timestamptz not null default now()
);
create index monitoring_errors_occurred_at_idx on public.monitoring_errors (occurred_at desc);

create table public.monitoring_metrics (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  value double precision not null,
  occurred_at timestamptz not null default now(),
  url text,
  user_id uuid,
  tenant_id uuid,
  created_at timestamptz not null default now()
);
create index monitoring_metrics_name_idx on public.monitoring_metrics (name, occurred_at desc);

create table public.monitoring_actions (
  id uuid primary key default gen_random_uuid(),
  action text not null,
  details jsonb not null default '{}'::jsonb,
  occurred_at timestamptz not null default now(),
  url text,
  session_id text,
  created_at timestamptz not null default now()
);
create index monitoring_actions_occurred_at_idx on public.monitoring_actions (occurred_at desc);

-- ----------------------------------------------------------------------------
-- Triggers
-- ----------------------------------------------------------------------------
do $$
declare t text;
begin
  foreach t in array array['centre_settings', 'shops', 'vacant_shops', 'tenants', 'rental_statements',
    'utility_statements', 'newsletters', 'newsletter_subscribers', 'enquiries']
  loop
    execute format('create trigger %I before update on public.%I for each row execute function private.set_updated_at()',
      t || '_set_updated_at', t);
  end loop;
end
$$;

create trigger rental_statements_stamp_issued_at before insert or update on public.rental_statements
  for each row execute function private.stamp_issued_at();
create trigger utility_statements_stamp_issued_at before insert or update on public.utility_statements
  for each row execute function private.stamp_issued_at();

-- ----------------------------------------------------------------------------
-- Row-level security on, for every table of the public schema
-- ----------------------------------------------------------------------------
do $$
declare t record;
begin
  for t in select tablename from pg_tables where schemaname = 'public'
  loop
    execute format('alter table public.%I enable row level security', t.tablename);
  end loop;
end
$$;
