-- ============================================================================
-- The storage schema (supabase/storage's tables): bucket and object metadata.
-- Blobs live on disk behind the gateway; every operation on objects runs as
-- the caller, so the policies in the public-tables migration decide access.
-- ============================================================================

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean not null default false,
  file_size_limit bigint check (file_size_limit is null or file_size_limit > 0),
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  metadata jsonb,
  user_metadata jsonb,
  version text,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  unique (bucket_id, name)
);
create index objects_bucket_id_name_prefix_idx on storage.objects (bucket_id, name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant select, insert, update, delete on storage.buckets, storage.objects to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Path helpers, as Supabase ships them
-- ----------------------------------------------------------------------------
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select case
    when storage.filename(name) like '%.%' then reverse(split_part(reverse(storage.filename(name)), '.', 1))
    else ''
  end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- The product's three buckets (product.md §3)
-- ----------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('shop-logos', 'shop-logos', true, 2 * 1024 * 1024, array['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/svg+xml']),
  ('floor-plans', 'floor-plans', true, 10 * 1024 * 1024, array['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'application/pdf']),
  ('statements', 'statements', false, 10 * 1024 * 1024, array['application/pdf']);
