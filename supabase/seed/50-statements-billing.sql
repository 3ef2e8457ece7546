-- ============================================================================
-- Demo billing (issue 14): the paid demo statements are paid through recorded
-- payments (migration 20261124400000 adds VAT to the totals and keeps
-- amount_paid in step with the payments), so the back office shows who paid,
-- when and with which reference. Loaded after seed.sql (see README.md here).
-- ============================================================================

update public.rental_statements set status = 'issued', amount_paid = 0 where status = 'paid';
update public.utility_statements set status = 'issued', amount_paid = 0 where status = 'paid';

insert into public.statement_payments (statement_kind, rental_statement_id, amount, paid_on, reference)
select 'rental', s.id, s.amount_due, s.due_date - 2, 'EFT ' || coalesce(sh.shop_no, 'RENT') || ' ' || to_char(s.period, 'YYYY-MM')
from public.rental_statements s
join public.tenants t on t.id = s.tenant_id
left join public.shops sh on sh.id = t.shop_id
where s.period = (date_trunc('month', now()) - interval '2 months')::date;

insert into public.statement_payments (statement_kind, utility_statement_id, amount, paid_on, reference)
select 'utility', s.id, s.total_amount, s.due_date - 1, 'EFT ' || coalesce(sh.shop_no, 'UTIL') || ' UTIL ' || to_char(s.period, 'YYYY-MM')
from public.utility_statements s
join public.tenants t on t.id = s.tenant_id
left join public.shops sh on sh.id = t.shop_id
where s.period = (date_trunc('month', now()) - interval '2 months')::date;

-- The demo's issued statements were announced long ago: the statement worker mails nobody at start.
update public.rental_statements set notified_at = coalesce(issued_at, now()) where status <> 'draft';
update public.utility_statements set notified_at = coalesce(issued_at, now()) where status <> 'draft';
