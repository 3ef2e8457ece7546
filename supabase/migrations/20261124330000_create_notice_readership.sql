-- ============================================================================
-- Notices (issue 13, item 7): "read by N of M" in the back office's list.
-- M: the tenants a notice reaches (active, with a shop and a portal account,
-- in its audience); N: those of them who marked it read. Security invoker:
-- the caller's RLS applies, so admins count every tenant and receipt, a
-- tenant counts at most their own, and visitors may not call it.
-- ============================================================================
create or replace function public.notice_readership()
returns table (notice_id uuid, read bigint, addressed bigint)
language sql stable security invoker
set search_path = ''
as $$
  with reached as (
    select n.id as notice_id, t.id as tenant_id
    from public.notices n
    join public.tenants t
      on t.status = 'active' and t.user_id is not null and t.shop_id is not null
     and (n.audience = 'all' or t.shop_id = any (n.shop_ids))
  )
  select n.id,
         count(r.tenant_id) filter (where rc.tenant_id is not null) as read,
         count(r.tenant_id) as addressed
  from public.notices n
  left join reached r on r.notice_id = n.id
  left join public.notice_receipts rc on rc.notice_id = n.id and rc.tenant_id = r.tenant_id
  group by n.id
$$;
revoke all on function public.notice_readership() from public, anon;
grant execute on function public.notice_readership() to authenticated, service_role;
