-- ============================================================================
-- A shop that a tenant operates cannot be deleted (issue 13, "Bad input and
-- faults"): until now deleting it silently unlinked the tenant (on delete set
-- null). The database now refuses (23503), and the back office tells the admin
-- to move or remove the tenant first.
-- ============================================================================
alter table public.tenants
  drop constraint tenants_shop_id_fkey,
  add constraint tenants_shop_id_fkey foreign key (shop_id)
    references public.shops (id) on delete no action;
