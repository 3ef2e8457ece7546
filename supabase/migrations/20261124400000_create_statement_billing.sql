-- ============================================================================
-- Billing (issue 14, statements part; product.md §5): what centre management
-- needs to bill tenants, with every rule in PostgreSQL.
--
--   VAT               both kinds carry vat_rate (15 %), subtotal and vat_amount;
--                     the totals are computed here from the line items (rental)
--                     or the meter readings, tariffs and other lines (utility),
--                     whatever the caller sends.
--   life cycle        draft -> issued -> (overdue | payment_submitted) -> paid;
--                     only a draft is edited or deleted; issuing needs a due date
--                     and a total above zero; nothing returns to draft; 'paid'
--                     only once the payments cover the total.
--   payments          public.statement_payments: append-only, written by admins
--                     (with their second factor); each one moves amount_paid and,
--                     once covered, the status to 'paid'. Tenants read their own.
--   statement PDFs    a tenant still reads the files of their own folder of the
--                     statements bucket, except the file of a draft statement
--                     (hidden, as the draft is, until it is issued).
--
-- The life-cycle rules bind API callers who sign in (admins; tenants cannot
-- update statements at all). The service role (server jobs and functions) and
-- start-up work without claims (migrations, demo seed) are trusted, as are this
-- migration's own triggers (a payment or a proof of payment moving a statement).
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Columns
-- ----------------------------------------------------------------------------
alter table public.rental_statements
  add column vat_rate numeric(5, 4) not null default 0.15 check (vat_rate >= 0 and vat_rate <= 1),
  add column subtotal numeric(12, 2) not null default 0,
  add column vat_amount numeric(12, 2) not null default 0;

-- The total becomes a plain column kept by the trigger below (it now includes VAT).
alter table public.utility_statements alter column total_amount drop expression;
alter table public.utility_statements
  add column vat_rate numeric(5, 4) not null default 0.15 check (vat_rate >= 0 and vat_rate <= 1),
  add column subtotal numeric(12, 2) not null default 0,
  add column vat_amount numeric(12, 2) not null default 0,
  -- Tariffs (rand per kWh and per kl): when set, the amount is consumption x tariff.
  add column electricity_rate numeric(10, 4) check (electricity_rate is null or electricity_rate >= 0),
  add column water_rate numeric(10, 4) check (water_rate is null or water_rate >= 0),
  -- Other charges as lines (refuse, sewerage, ...); when present, other_amount is their sum.
  add column line_items jsonb not null default '[]'::jsonb check (jsonb_typeof(line_items) = 'array'),
  add constraint utility_statements_total_not_negative check (total_amount >= 0);

-- ----------------------------------------------------------------------------
-- Totals
-- ----------------------------------------------------------------------------
-- The sum of a statement's line items; each must be {description: non-empty text, amount: number}.
create or replace function private.statement_lines_total(lines jsonb) returns numeric
language plpgsql immutable
set search_path = ''
as $$
declare
  line jsonb;
  total numeric := 0;
begin
  if lines is null or jsonb_typeof(lines) <> 'array' then
    raise exception 'Line items must be a list' using errcode = '22023';
  end if;
  if jsonb_array_length(lines) > 50 then
    raise exception 'A statement has at most 50 line items' using errcode = '22023';
  end if;
  for line in select value from jsonb_array_elements(lines) loop
    if jsonb_typeof(line) <> 'object' or jsonb_typeof(line -> 'description') <> 'string'
      or btrim(line ->> 'description') = '' or char_length(line ->> 'description') > 200 then
      raise exception 'Each line item needs a description (at most 200 characters)' using errcode = '22023';
    end if;
    if jsonb_typeof(line -> 'amount') is distinct from 'number'
      or abs((line ->> 'amount')::numeric) >= 100000000 then
      raise exception 'Each line item needs an amount in rand' using errcode = '22023';
    end if;
    total := total + round((line ->> 'amount')::numeric, 2);
  end loop;
  return total;
end
$$;

-- Rental: with line items, subtotal = their sum and VAT is added on top; without any (a lump sum),
-- amount_due is taken as the VAT-inclusive total and the VAT in it is shown.
create or replace function private.compute_rental_totals() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if jsonb_array_length(new.line_items) > 0 or (tg_op = 'UPDATE' and jsonb_array_length(old.line_items) > 0) then
    new.subtotal := private.statement_lines_total(new.line_items);
    new.vat_amount := round(new.subtotal * new.vat_rate, 2);
    new.amount_due := new.subtotal + new.vat_amount;
  else
    new.vat_amount := round(new.amount_due - new.amount_due / (1 + new.vat_rate), 2);
    new.subtotal := new.amount_due - new.vat_amount;
  end if;
  if new.amount_due < 0 then
    raise exception 'A statement cannot total less than zero' using errcode = '23514';
  end if;
  return new;
end
$$;

-- Utility: consumption from the meter readings, amounts from the tariffs, other charges from the
-- lines, then VAT on the subtotal.
create or replace function private.compute_utility_totals() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.electricity_meter_previous is not null and new.electricity_meter_current is not null then
    new.electricity_kwh := new.electricity_meter_current - new.electricity_meter_previous;
  end if;
  if new.water_meter_previous is not null and new.water_meter_current is not null then
    new.water_kl := new.water_meter_current - new.water_meter_previous;
  end if;
  if new.electricity_rate is not null then
    new.electricity_amount := round(new.electricity_kwh * new.electricity_rate, 2);
  end if;
  if new.water_rate is not null then
    new.water_amount := round(new.water_kl * new.water_rate, 2);
  end if;
  if jsonb_array_length(new.line_items) > 0 then
    new.other_amount := private.statement_lines_total(new.line_items);
  end if;
  new.subtotal := new.electricity_amount + new.water_amount + new.other_amount;
  new.vat_amount := round(new.subtotal * new.vat_rate, 2);
  new.total_amount := new.subtotal + new.vat_amount;
  return new;
end
$$;

create trigger rental_statements_compute_totals before insert or update on public.rental_statements
  for each row execute function private.compute_rental_totals();
create trigger utility_statements_compute_totals before insert or update on public.utility_statements
  for each row execute function private.compute_utility_totals();

-- ----------------------------------------------------------------------------
-- Life cycle
-- ----------------------------------------------------------------------------
-- Whether the current write comes from a signed-in API caller (and not from one of our own triggers).
create or replace function private.statement_rules_apply() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'role', '') = 'authenticated' and pg_trigger_depth() <= 1
$$;

create or replace function private.guard_statement() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  total numeric;
  content_changed boolean;
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
      -- Everything but the status, the due date and the PDF is fixed once issued.
      content_changed := (to_jsonb(new) - array['status', 'due_date', 'file_path', 'issued_at', 'updated_at'])
        is distinct from (to_jsonb(old) - array['status', 'due_date', 'file_path', 'issued_at', 'updated_at']);
      if content_changed then
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

create trigger rental_statements_guard before insert or update or delete on public.rental_statements
  for each row execute function private.guard_statement();
create trigger utility_statements_guard before insert or update or delete on public.utility_statements
  for each row execute function private.guard_statement();

-- Issued statements whose due date has passed become 'overdue' (an admin action and a daily job
-- call this; RLS decides what the caller may change). Returns how many changed.
create or replace function public.mark_overdue_statements() returns integer
language plpgsql
set search_path = ''
as $$
declare
  changed integer;
  more integer;
begin
  update public.rental_statements set status = 'overdue' where status = 'issued' and due_date < current_date;
  get diagnostics changed = row_count;
  update public.utility_statements set status = 'overdue' where status = 'issued' and due_date < current_date;
  get diagnostics more = row_count;
  return changed + more;
end
$$;
revoke all on function public.mark_overdue_statements() from public, anon;
grant execute on function public.mark_overdue_statements() to authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Payments
-- ----------------------------------------------------------------------------
create table public.statement_payments (
  id uuid primary key default gen_random_uuid(),
  statement_kind text not null check (statement_kind in ('rental', 'utility')),
  rental_statement_id uuid references public.rental_statements (id) on delete restrict,
  utility_statement_id uuid references public.utility_statements (id) on delete restrict,
  -- Copied from the statement by the trigger below (whatever the caller sends).
  tenant_id uuid not null references public.tenants (id) on delete restrict,
  amount numeric(12, 2) not null check (amount > 0),
  paid_on date not null check (paid_on <= current_date + 1),
  reference text not null check (btrim(reference) <> '' and char_length(reference) <= 100),
  recorded_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint statement_payments_one_statement check (
    (statement_kind = 'rental' and rental_statement_id is not null and utility_statement_id is null)
    or (statement_kind = 'utility' and utility_statement_id is not null and rental_statement_id is null))
);
create index statement_payments_rental_idx on public.statement_payments (rental_statement_id);
create index statement_payments_utility_idx on public.statement_payments (utility_statement_id);
create index statement_payments_tenant_idx on public.statement_payments (tenant_id, paid_on desc);

-- A payment goes against an issued, unpaid statement and never exceeds what is still owed.
create or replace function private.check_statement_payment() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  s record;
begin
  if new.statement_kind = 'rental' then
    select tenant_id, status, amount_due as total, amount_paid into s
    from public.rental_statements where id = new.rental_statement_id for update;
  else
    select tenant_id, status, total_amount as total, amount_paid into s
    from public.utility_statements where id = new.utility_statement_id for update;
  end if;
  if s.tenant_id is null then
    raise exception 'No such statement' using errcode = '23503';
  end if;
  if s.status = 'draft' then
    raise exception 'A payment can only be recorded against an issued statement' using errcode = '23514';
  end if;
  if s.status = 'paid' then
    raise exception 'This statement is already paid' using errcode = '23514';
  end if;
  if new.amount > s.total - s.amount_paid then
    raise exception 'The payment is more than the balance of R %', to_char(s.total - s.amount_paid, 'FM999999990.00')
      using errcode = '23514';
  end if;
  new.tenant_id := s.tenant_id;
  new.recorded_by := coalesce(auth.uid(), new.recorded_by);
  new.created_at := now();
  return new;
end
$$;

-- The statement's amount_paid follows its payments; fully covered, it is paid.
create or replace function private.apply_statement_payment() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.statement_kind = 'rental' then
    update public.rental_statements
    set amount_paid = amount_paid + new.amount,
      status = case when amount_paid + new.amount >= amount_due then 'paid' else status end
    where id = new.rental_statement_id;
  else
    update public.utility_statements
    set amount_paid = amount_paid + new.amount,
      status = case when amount_paid + new.amount >= total_amount then 'paid' else status end
    where id = new.utility_statement_id;
  end if;
  return null;
end
$$;

create trigger statement_payments_check before insert on public.statement_payments
  for each row execute function private.check_statement_payment();
create trigger statement_payments_apply after insert on public.statement_payments
  for each row execute function private.apply_statement_payment();

revoke all on function private.statement_lines_total(jsonb), private.compute_rental_totals(),
  private.compute_utility_totals(), private.guard_statement(), private.check_statement_payment(),
  private.apply_statement_payment() from public;
revoke all on function private.statement_rules_apply() from public;
-- Called from the totals and guard triggers, which run as the caller.
grant execute on function private.statement_rules_apply(), private.statement_lines_total(jsonb)
  to anon, authenticated, service_role;

-- Append-only, for every API role (a wrong payment is corrected by the bookkeeping, not erased).
revoke update, delete, truncate on public.statement_payments from anon, authenticated, service_role;

alter table public.statement_payments enable row level security;
create policy "Admins can read every payment" on public.statement_payments
  for select to authenticated using (private.is_admin());
create policy "Tenants can read the payments of their own statements" on public.statement_payments
  for select to authenticated using (tenant_id = private.current_tenant_id());
create policy "Admins can record payments" on public.statement_payments
  for insert to authenticated with check (private.is_admin() and recorded_by = auth.uid());
create policy "Two-factor users must present their second factor" on public.statement_payments
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

select private.audit_table('public.statement_payments'::regclass);
select realtime.watch_table('public.statement_payments'::regclass);

-- ----------------------------------------------------------------------------
-- Statement PDFs: a tenant reads the files of their own folder, except the file of a draft
-- ----------------------------------------------------------------------------
create or replace function private.is_draft_statement_file(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.rental_statements s where s.file_path = object_name and s.status = 'draft')
    or exists (select 1 from public.utility_statements s where s.file_path = object_name and s.status = 'draft')
$$;
revoke all on function private.is_draft_statement_file(text) from public;
grant execute on function private.is_draft_statement_file(text) to anon, authenticated, service_role;

drop policy "Tenants can read their own statements" on storage.objects;
create policy "Tenants can read their own statements, never a draft's PDF" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'statements'
    and (storage.foldername(name))[1] = private.current_tenant_id()::text
    and not private.is_draft_statement_file(name)
  );
