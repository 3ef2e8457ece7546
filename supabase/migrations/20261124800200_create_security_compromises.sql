-- ============================================================================
-- Security compromises (issue 20, item 5; POPIA s22): when there are reasonable
-- grounds to believe personal information was accessed or acquired by someone
-- unauthorised, the responsible party notifies the Information Regulator and the
-- people affected as soon as reasonably possible, describing the possible
-- consequences, the measures taken, what the people affected should do, and who
-- the unauthorised person is, if known (s22(5)). This is the register: admins
-- with their second factor record and update incidents; nobody deletes one (the
-- record is the evidence of what was done, and when). Every change is in the
-- audit trail.
-- ============================================================================

create table public.security_compromises (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 3 and 200),
  -- What happened, and what personal information was (or may have been) reached.
  description text not null check (char_length(btrim(description)) between 10 and 10000),
  information_affected text not null default '' check (char_length(information_affected) <= 4000),
  -- Who is affected (kinds of people) and how many, when known.
  people_affected text not null default '' check (char_length(people_affected) <= 4000),
  affected_count integer check (affected_count is null or affected_count >= 0),
  occurred_at timestamptz,
  discovered_at timestamptz not null,
  -- s22(5): consequences, measures, recommendations, the unauthorised party if known.
  consequences text not null default '' check (char_length(consequences) <= 4000),
  measures text not null default '' check (char_length(measures) <= 4000),
  recommendations text not null default '' check (char_length(recommendations) <= 4000),
  unauthorised_party text not null default '' check (char_length(unauthorised_party) <= 1000),
  regulator_notified_at timestamptz,
  people_notified_at timestamptz,
  status text not null default 'open' check (status in ('open', 'closed')),
  created_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint security_compromises_discovered_after_occurred
    check (occurred_at is null or discovered_at >= occurred_at),
  constraint security_compromises_notified_after_discovered check (
    (regulator_notified_at is null or regulator_notified_at >= discovered_at)
    and (people_notified_at is null or people_notified_at >= discovered_at))
);
create index security_compromises_discovered_at_idx on public.security_compromises (discovered_at desc);

create trigger security_compromises_set_updated_at before update on public.security_compromises
  for each row execute function private.set_updated_at();

alter table public.security_compromises enable row level security;
revoke all on public.security_compromises from public, anon, authenticated, service_role;
grant select on public.security_compromises to anon, authenticated, service_role;
grant insert, update on public.security_compromises to authenticated, service_role;

create policy "Admins can read security compromises" on public.security_compromises
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can record security compromises" on public.security_compromises
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update security compromises" on public.security_compromises
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Two-factor users must present their second factor" on public.security_compromises
  as restrictive for all to authenticated
  using ((select private.has_required_aal()))
  with check ((select private.has_required_aal()));

-- Who recorded it and when stays as it was.
create or replace function private.guard_security_compromise() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.created_by is distinct from old.created_by or new.created_at is distinct from old.created_at then
    raise exception 'A security compromise keeps who recorded it and when' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger security_compromises_guard before update on public.security_compromises
  for each row execute function private.guard_security_compromise();

select private.audit_table('public.security_compromises'::regclass);
