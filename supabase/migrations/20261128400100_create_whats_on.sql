-- ============================================================================
-- What's on (issue 18, item 4; product.md §9): the centre's events, created by
-- centre management, and the stores' specials, drafted and submitted by each
-- store's tenant. Nothing is public until an admin approves it, and an item
-- leaves the public site by itself when it ends (the read policy compares with
-- now(); nothing has to run).
--
--   whats_on_items   everyone reads approved items until they end; a tenant
--                    reads, drafts, submits, changes and removes their own
--                    shop's specials while unapproved; admins read and write
--                    all and alone approve or reject
--
-- Bucket whats-on-images (public, like shop-logos): a special's image under
-- `{shop_id}/…`, which its tenant may write; events' under `centre/…` (admins).
-- View public.whats_on: the approved, current items with their store's name,
-- what the public pages read.
-- ============================================================================

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('whats-on-images', 'whats-on-images', true, 5 * 1024 * 1024,
    array['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
on conflict (id) do nothing;

create table public.whats_on_items (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('event', 'special')),
  -- A special's store (its tenant's shop); null for the centre's events.
  shop_id uuid references public.shops (id) on delete cascade,
  title text not null check (btrim(title) <> '' and char_length(title) <= 120 and title !~ '[\r\n]'),
  body text not null check (btrim(body) <> '' and char_length(body) <= 4000),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- An object of the whats-on-images bucket in the item's own folder (`{shop_id}/…` or `centre/…`).
  image_path text,
  status text not null default 'draft' check (status in ('draft', 'submitted', 'approved', 'rejected')),
  -- Why an admin rejected it (shown to the tenant), or a note with the approval.
  review_note text check (review_note is null or char_length(review_note) <= 1000),
  reviewed_by uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint whats_on_items_kind_fits_shop check (
    (kind = 'event' and shop_id is null) or (kind = 'special' and shop_id is not null)),
  constraint whats_on_items_ends_after_start check (ends_at > starts_at),
  constraint whats_on_items_image_in_own_folder check (
    image_path is null or (
      char_length(image_path) <= 512
      and split_part(image_path, '/', 1) = coalesce(shop_id::text, 'centre')
      and image_path !~ '(^|/)\.{0,2}(/|$)'))
);
create index whats_on_items_public_idx on public.whats_on_items (status, ends_at, starts_at);
create index whats_on_items_shop_idx on public.whats_on_items (shop_id, created_at desc);

-- The review's author and time are the database's; an item a tenant changes goes back to review.
create or replace function private.stamp_whats_on_review() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.updated_at := now();
    new.created_by := old.created_by;
    new.created_at := old.created_at;
  end if;
  if new.status in ('approved', 'rejected') then
    if tg_op = 'INSERT' or new.status is distinct from old.status then
      new.reviewed_by := auth.uid();
      new.reviewed_at := now();
    else
      new.reviewed_by := old.reviewed_by;
      new.reviewed_at := old.reviewed_at;
    end if;
  else
    new.reviewed_by := null;
    new.reviewed_at := null;
  end if;
  return new;
end
$$;
create trigger whats_on_items_stamp before insert or update on public.whats_on_items
  for each row execute function private.stamp_whats_on_review();
revoke all on function private.stamp_whats_on_review() from public;

-- ----------------------------------------------------------------------------
-- Row-level security
-- ----------------------------------------------------------------------------
alter table public.whats_on_items enable row level security;

create policy "Anyone can read approved items until they end" on public.whats_on_items
  for select to anon, authenticated using (status = 'approved' and ends_at > now());
create policy "Admins can read every item" on public.whats_on_items
  for select to authenticated using (private.is_admin());
create policy "Tenants can read their own shop's specials" on public.whats_on_items
  for select to authenticated using (shop_id = private.current_tenant_shop_id());

-- A tenant drafts and submits; approving is an admin's (a tenant's row can only ever say draft or submitted).
create policy "Tenants can draft and submit specials for their own shop" on public.whats_on_items
  for insert to authenticated
  with check (kind = 'special' and shop_id = private.current_tenant_shop_id() and status in ('draft', 'submitted'));
create policy "Tenants can change their own shop's specials until approved" on public.whats_on_items
  for update to authenticated
  using (shop_id = private.current_tenant_shop_id() and status <> 'approved')
  with check (kind = 'special' and shop_id = private.current_tenant_shop_id() and status in ('draft', 'submitted'));
create policy "Tenants can remove their own shop's specials until approved" on public.whats_on_items
  for delete to authenticated
  using (shop_id = private.current_tenant_shop_id() and status <> 'approved');

create policy "Admins can add items" on public.whats_on_items
  for insert to authenticated with check (private.is_admin());
create policy "Admins can change and approve items" on public.whats_on_items
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can remove items" on public.whats_on_items
  for delete to authenticated using (private.is_admin());

-- Without their second factor, enrolled users read what visitors read and write nothing.
create policy "Without their second factor users see only what visitors see" on public.whats_on_items
  as restrictive for select to authenticated
  using ((select private.has_required_aal()) or (status = 'approved' and ends_at > now()));
create policy "Two-factor users must present their second factor to add items" on public.whats_on_items
  as restrictive for insert to authenticated with check ((select private.has_required_aal()));
create policy "Two-factor users must present their second factor to change items" on public.whats_on_items
  as restrictive for update to authenticated
  using ((select private.has_required_aal())) with check ((select private.has_required_aal()));
create policy "Two-factor users must present their second factor to remove items" on public.whats_on_items
  as restrictive for delete to authenticated using ((select private.has_required_aal()));

-- Images: a tenant adds, replaces and removes their own shop's; admins manage every file already.
create policy "Tenants can upload images for their own shop's specials" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'whats-on-images' and (storage.foldername(name))[1] = private.current_tenant_shop_id()::text);
create policy "Tenants can replace images of their own shop's specials" on storage.objects
  for update to authenticated
  using (bucket_id = 'whats-on-images' and (storage.foldername(name))[1] = private.current_tenant_shop_id()::text)
  with check (bucket_id = 'whats-on-images' and (storage.foldername(name))[1] = private.current_tenant_shop_id()::text);
create policy "Tenants can remove images of their own shop's specials" on storage.objects
  for delete to authenticated
  using (bucket_id = 'whats-on-images' and (storage.foldername(name))[1] = private.current_tenant_shop_id()::text);

-- ----------------------------------------------------------------------------
-- What the public pages read: approved items that have not ended, with their store
-- ----------------------------------------------------------------------------
create view public.whats_on with (security_invoker = true) as
select i.id, i.kind, i.shop_id, s.trading_name as shop_name, i.title, i.body, i.starts_at, i.ends_at,
  i.image_path, i.updated_at
from public.whats_on_items i
left join public.shops s on s.id = i.shop_id
where i.status = 'approved' and i.ends_at > now()
order by i.starts_at, i.ends_at, i.id;

-- ----------------------------------------------------------------------------
-- Realtime and the audit trail
-- ----------------------------------------------------------------------------
select realtime.watch_table('public.whats_on_items'::regclass);
select private.audit_table('public.whats_on_items'::regclass);
