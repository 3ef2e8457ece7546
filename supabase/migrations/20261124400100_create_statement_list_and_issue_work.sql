-- ============================================================================
-- Statements in the back office (issue 14): one list of both kinds with what
-- the screens show (tenant, shop, balance, days overdue, proofs), its totals,
-- the arrears ageing per tenant, and the work the gateway does once a
-- statement is issued (a generated PDF when none was attached, the tenant's
-- e-mail), queued in the rows themselves so a restart loses nothing.
-- Views run with the caller's rights (security_invoker): RLS of the tables
-- decides, so a tenant sees only their own issued statements here too.
-- ============================================================================

alter table public.rental_statements
  -- When the tenant was e-mailed that the statement is issued (null: still to do).
  add column notified_at timestamptz,
  -- The PDF was made by the server from the statement's data (not uploaded).
  add column file_generated boolean not null default false;
alter table public.utility_statements
  add column notified_at timestamptz,
  add column file_generated boolean not null default false;

-- Statements issued before this migration were announced another way: nobody is mailed twice.
update public.rental_statements set notified_at = coalesce(issued_at, now()) where status <> 'draft';
update public.utility_statements set notified_at = coalesce(issued_at, now()) where status <> 'draft';

-- The life-cycle guard of migration 20261124400000, with the two new bookkeeping columns among what
-- may change after issue.
create or replace function private.guard_statement() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  total numeric;
  mutable text[] := array['status', 'due_date', 'file_path', 'file_generated', 'notified_at', 'issued_at', 'updated_at'];
begin
  if not private.statement_rules_apply() then
    return coalesce(new, old);
  end if;
  if tg_op = 'DELETE' then
    if old.status <> 'draft' then
      raise exception 'Only a draft statement can be deleted' using errcode = '42501';
    end if;
    return old;
  end if;
  total := case when tg_table_name = 'rental_statements' then (to_jsonb(new) ->> 'amount_due')::numeric
                else (to_jsonb(new) ->> 'total_amount')::numeric end;
  if tg_op = 'INSERT' then
    if new.status not in ('draft', 'issued') then
      raise exception 'A new statement is a draft or issued' using errcode = '23514';
    end if;
    if new.amount_paid <> 0 then
      raise exception 'Payments are recorded once the statement is issued' using errcode = '23514';
    end if;
  else
    if old.status <> 'draft' then
      if (to_jsonb(new) - mutable) is distinct from (to_jsonb(old) - mutable) then
        raise exception 'An issued statement cannot be changed: only its due date, status and PDF'
          using errcode = '42501';
      end if;
      if new.status = 'draft' then
        raise exception 'An issued statement cannot return to draft' using errcode = '42501';
      end if;
      if old.status = 'paid' and new.status <> 'paid' then
        raise exception 'A paid statement stays paid' using errcode = '42501';
      end if;
    elsif new.amount_paid <> 0 then
      raise exception 'Payments are recorded once the statement is issued' using errcode = '23514';
    end if;
  end if;
  if new.status <> 'draft' then
    if new.due_date is null then
      raise exception 'A statement needs a due date before it is issued' using errcode = '23514';
    end if;
    if total <= 0 then
      raise exception 'A statement needs a total above zero before it is issued' using errcode = '23514';
    end if;
  end if;
  if new.status = 'paid' and new.status is distinct from old.status and new.amount_paid < total then
    raise exception 'A statement is paid once its payments cover the total: record a payment' using errcode = '23514';
  end if;
  if new.status = 'overdue' and new.status is distinct from old.status and new.due_date >= current_date then
    raise exception 'A statement is overdue only after its due date' using errcode = '23514';
  end if;
  return new;
end
$$;

-- An uploaded file replaces a generated one: a new path is an upload unless the gateway says otherwise.
create or replace function private.mark_statement_file_uploaded() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.file_path is distinct from old.file_path and new.file_generated = old.file_generated then
    new.file_generated := false;
  end if;
  return new;
end
$$;
create trigger rental_statements_file_origin before update on public.rental_statements
  for each row execute function private.mark_statement_file_uploaded();
create trigger utility_statements_file_origin before update on public.utility_statements
  for each row execute function private.mark_statement_file_uploaded();

-- Wakes the gateway's statement worker when an issued statement still needs its PDF or its mail.
create or replace function private.announce_statement_work() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status <> 'draft' and (new.file_path is null or new.notified_at is null) then
    perform pg_notify('statement_work', tg_table_name);
  end if;
  return null;
end
$$;
create trigger rental_statements_announce_work after insert or update on public.rental_statements
  for each row execute function private.announce_statement_work();
create trigger utility_statements_announce_work after insert or update on public.utility_statements
  for each row execute function private.announce_statement_work();

revoke all on function private.mark_statement_file_uploaded(), private.announce_statement_work() from public;

-- ----------------------------------------------------------------------------
-- One list of both kinds
-- ----------------------------------------------------------------------------
create view public.statement_list with (security_invoker = true) as
select
  'rental'::text as kind, s.id, s.tenant_id, t.company_name, t.email as tenant_email, sh.shop_no,
  s.period, s.statement_date, s.due_date, s.subtotal, s.vat_amount, s.amount_due as total, s.amount_paid,
  s.amount_due - s.amount_paid as balance, s.status,
  case when s.status = 'issued' and s.due_date < current_date then 'overdue' else s.status end as display_status,
  case when s.status in ('issued', 'overdue', 'payment_submitted') and s.due_date < current_date
    then current_date - s.due_date else 0 end as days_overdue,
  s.file_path, s.file_generated, s.issued_at, s.notified_at, s.updated_at,
  (select count(*) from public.payment_proofs p where p.rental_statement_id = s.id)::int as proof_count
from public.rental_statements s
join public.tenants t on t.id = s.tenant_id
left join public.shops sh on sh.id = t.shop_id
union all
select
  'utility'::text, s.id, s.tenant_id, t.company_name, t.email, sh.shop_no,
  s.period, s.statement_date, s.due_date, s.subtotal, s.vat_amount, s.total_amount, s.amount_paid,
  s.total_amount - s.amount_paid, s.status,
  case when s.status = 'issued' and s.due_date < current_date then 'overdue' else s.status end,
  case when s.status in ('issued', 'overdue', 'payment_submitted') and s.due_date < current_date
    then current_date - s.due_date else 0 end,
  s.file_path, s.file_generated, s.issued_at, s.notified_at, s.updated_at,
  (select count(*) from public.payment_proofs p where p.utility_statement_id = s.id)::int
from public.utility_statements s
join public.tenants t on t.id = s.tenant_id
left join public.shops sh on sh.id = t.shop_id;

-- The figures at the foot of a filtered list (every page, not only the one shown).
create or replace function public.statement_totals(
  p_kind text, p_tenant uuid default null, p_period date default null, p_status text default null
) returns table (statements integer, total numeric, paid numeric, balance numeric)
language sql stable
set search_path = ''
as $$
  select count(*)::int, coalesce(sum(l.total), 0), coalesce(sum(l.amount_paid), 0), coalesce(sum(l.balance), 0)
  from public.statement_list l
  where l.kind = p_kind
    and (p_tenant is null or l.tenant_id = p_tenant)
    and (p_period is null or l.period = p_period)
    and (p_status is null or l.display_status = p_status)
$$;

-- Arrears ageing: per tenant, what is still owed on statements past their due date, by how long.
create view public.statement_arrears with (security_invoker = true) as
select
  l.tenant_id, l.company_name, l.shop_no,
  coalesce(sum(l.balance) filter (where l.days_overdue between 1 and 30), 0) as days_0_30,
  coalesce(sum(l.balance) filter (where l.days_overdue between 31 and 60), 0) as days_31_60,
  coalesce(sum(l.balance) filter (where l.days_overdue between 61 and 90), 0) as days_61_90,
  coalesce(sum(l.balance) filter (where l.days_overdue > 90), 0) as days_90_plus,
  sum(l.balance) as total,
  count(*)::int as statements
from public.statement_list l
where l.days_overdue > 0 and l.balance > 0
group by l.tenant_id, l.company_name, l.shop_no;

revoke all on public.statement_list, public.statement_arrears from anon;
grant select on public.statement_list, public.statement_arrears to authenticated, service_role;
revoke insert, update, delete, truncate on public.statement_list, public.statement_arrears
  from authenticated, service_role;
revoke all on function public.statement_totals(text, uuid, date, text) from public, anon;
grant execute on function public.statement_totals(text, uuid, date, text) to authenticated, service_role;
