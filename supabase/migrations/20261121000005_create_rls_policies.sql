-- ============================================================================
-- Who may read and write what (product.md §3), as row-level security.
-- Roles come from app_metadata.role in the JWT (set only by the service role),
-- never from user_metadata, which users can edit.
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Helper predicates (security definer, pinned search_path)
-- ----------------------------------------------------------------------------
create or replace function private.is_admin() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') = 'admin'
$$;

-- The tenant row of the signed-in user (null for anyone else).
create or replace function private.current_tenant_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select t.id from public.tenants t where t.user_id = auth.uid()
$$;

-- The shop the signed-in tenant operates (null for anyone else).
create or replace function private.current_tenant_shop_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select t.shop_id from public.tenants t where t.user_id = auth.uid() and t.status = 'active'
$$;

revoke all on function private.is_admin(), private.current_tenant_id(), private.current_tenant_shop_id() from public;
grant execute on function private.is_admin(), private.current_tenant_id(), private.current_tenant_shop_id()
  to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- centre_settings
-- ----------------------------------------------------------------------------
create policy "Anyone can read the centre settings" on public.centre_settings
  for select to anon, authenticated using (true);
create policy "Admins can create the centre settings" on public.centre_settings
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update the centre settings" on public.centre_settings
  for update to authenticated using (private.is_admin()) with check (private.is_admin());

-- ----------------------------------------------------------------------------
-- shops
-- ----------------------------------------------------------------------------
create policy "Anyone can read published shops" on public.shops
  for select to anon, authenticated using (is_published);
create policy "Admins can read every shop" on public.shops
  for select to authenticated using (private.is_admin());
create policy "Tenants can read their own shop" on public.shops
  for select to authenticated using (id = private.current_tenant_shop_id());
create policy "Admins can add shops" on public.shops
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update shops" on public.shops
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Tenants can update their own shop" on public.shops
  for update to authenticated
  using (id = private.current_tenant_shop_id())
  with check (id = private.current_tenant_shop_id());
create policy "Admins can delete shops" on public.shops
  for delete to authenticated using (private.is_admin());

-- A tenant may change only the public details of their shop; everything else
-- (number, name, category, floor, area, publication) stays with the admins.
create or replace function private.guard_tenant_shop_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_admin() then
    if new.id is distinct from old.id
      or new.shop_no is distinct from old.shop_no
      or new.trading_name is distinct from old.trading_name
      or new.category is distinct from old.category
      or new.floor is distinct from old.floor
      or new.gla_m2 is distinct from old.gla_m2
      or new.is_published is distinct from old.is_published
      or new.created_at is distinct from old.created_at
    then
      raise exception 'Tenants may only change the phone, website, email, description, trading hours and logo of their shop'
        using errcode = '42501',
              hint = 'Ask the centre management to change the shop number, name, category, floor, area or publication.';
    end if;
  end if;
  return new;
end
$$;

create trigger shops_guard_tenant_update before update on public.shops
  for each row execute function private.guard_tenant_shop_update();

-- ----------------------------------------------------------------------------
-- vacant_shops
-- ----------------------------------------------------------------------------
create policy "Anyone can read vacant shops" on public.vacant_shops
  for select to anon, authenticated using (true);
create policy "Admins can add vacant shops" on public.vacant_shops
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update vacant shops" on public.vacant_shops
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete vacant shops" on public.vacant_shops
  for delete to authenticated using (private.is_admin());

-- ----------------------------------------------------------------------------
-- tenants
-- ----------------------------------------------------------------------------
create policy "Admins can read every tenant" on public.tenants
  for select to authenticated using (private.is_admin());
create policy "Tenants can read their own tenant record" on public.tenants
  for select to authenticated using (user_id = auth.uid());
create policy "Admins can add tenants" on public.tenants
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update tenants" on public.tenants
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete tenants" on public.tenants
  for delete to authenticated using (private.is_admin());

-- ----------------------------------------------------------------------------
-- rental_statements and utility_statements
-- ----------------------------------------------------------------------------
create policy "Admins can read every rental statement" on public.rental_statements
  for select to authenticated using (private.is_admin());
create policy "Tenants can read their own issued rental statements" on public.rental_statements
  for select to authenticated using (tenant_id = private.current_tenant_id() and status <> 'draft');
create policy "Admins can add rental statements" on public.rental_statements
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update rental statements" on public.rental_statements
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete rental statements" on public.rental_statements
  for delete to authenticated using (private.is_admin());

create policy "Admins can read every utility statement" on public.utility_statements
  for select to authenticated using (private.is_admin());
create policy "Tenants can read their own issued utility statements" on public.utility_statements
  for select to authenticated using (tenant_id = private.current_tenant_id() and status <> 'draft');
create policy "Admins can add utility statements" on public.utility_statements
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update utility statements" on public.utility_statements
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete utility statements" on public.utility_statements
  for delete to authenticated using (private.is_admin());

-- ----------------------------------------------------------------------------
-- newsletters (admins only)
-- ----------------------------------------------------------------------------
create policy "Admins can read newsletters" on public.newsletters
  for select to authenticated using (private.is_admin());
create policy "Admins can write newsletters" on public.newsletters
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update newsletters" on public.newsletters
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete newsletters" on public.newsletters
  for delete to authenticated using (private.is_admin());

-- ----------------------------------------------------------------------------
-- newsletter_subscribers: inserted only by the newsletter function (service role)
-- ----------------------------------------------------------------------------
create policy "Admins can read subscribers" on public.newsletter_subscribers
  for select to authenticated using (private.is_admin());
create policy "Admins can update subscribers" on public.newsletter_subscribers
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete subscribers" on public.newsletter_subscribers
  for delete to authenticated using (private.is_admin());

-- ----------------------------------------------------------------------------
-- enquiries: inserted only by the enquiry function (service role); never deleted
-- ----------------------------------------------------------------------------
create policy "Admins can read enquiries" on public.enquiries
  for select to authenticated using (private.is_admin());
create policy "Admins can update enquiries" on public.enquiries
  for update to authenticated using (private.is_admin()) with check (private.is_admin());

-- ----------------------------------------------------------------------------
-- monitoring: inserted by the ingestion API (service role); admins read
-- ----------------------------------------------------------------------------
create policy "Admins can read analytics events" on public.analytics_events
  for select to authenticated using (private.is_admin());
create policy "Admins can read error reports" on public.monitoring_errors
  for select to authenticated using (private.is_admin());
create policy "Admins can read metrics" on public.monitoring_metrics
  for select to authenticated using (private.is_admin());
create policy "Admins can read user actions" on public.monitoring_actions
  for select to authenticated using (private.is_admin());

-- ----------------------------------------------------------------------------
-- storage.buckets and storage.objects
-- ----------------------------------------------------------------------------
create policy "Anyone can see the buckets" on storage.buckets
  for select to anon, authenticated using (true);
create policy "Admins can manage buckets" on storage.buckets
  for all to authenticated using (private.is_admin()) with check (private.is_admin());

create policy "Anyone can read files in public buckets" on storage.objects
  for select to anon, authenticated
  using (exists (select 1 from storage.buckets b where b.id = bucket_id and b.public));
create policy "Admins can manage every file" on storage.objects
  for all to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Tenants can read their own statements" on storage.objects
  for select to authenticated
  using (bucket_id = 'statements' and (storage.foldername(name))[1] = private.current_tenant_id()::text);
create policy "Tenants can upload their shop logo" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'shop-logos' and (storage.foldername(name))[1] = private.current_tenant_shop_id()::text);
create policy "Tenants can replace their shop logo" on storage.objects
  for update to authenticated
  using (bucket_id = 'shop-logos' and (storage.foldername(name))[1] = private.current_tenant_shop_id()::text)
  with check (bucket_id = 'shop-logos' and (storage.foldername(name))[1] = private.current_tenant_shop_id()::text);
create policy "Tenants can remove their shop logo" on storage.objects
  for delete to authenticated
  using (bucket_id = 'shop-logos' and (storage.foldername(name))[1] = private.current_tenant_shop_id()::text);
