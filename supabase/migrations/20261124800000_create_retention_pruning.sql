-- ============================================================================
-- Retention (issue 20, item 4; POPIA s14): personal information is kept no
-- longer than its purpose needs. The gateway's retention job (apps/gateway/src/
-- services/privacy/retention.ts) removes rows past the limit of their kind, in
-- batches, as the gateway's own login role (no JWT claims: the removals are not
-- API writes, so the audit recorder skips them; the job logs what it removed).
--
-- The audit trail stays append-only (migration 20261123600000): its trigger
-- refuses UPDATE, DELETE and TRUNCATE whoever asks. The one sanctioned way to
-- prune it is private.prune_audit_log below: a security-definer function owned
-- by a dedicated role that nobody logs in as and nobody is granted, and the
-- trigger lets only that role delete. Only the gateway's login role may call
-- the function (anon, authenticated and service_role may not).
-- ============================================================================

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'audit_pruner') then
    -- Bypasses RLS so that no policy opens the trail to it: its grants (select, delete; and the
    -- redaction columns, migration 20261124800100) are all it may do.
    create role audit_pruner nologin noinherit bypassrls;
  end if;
  -- (Roles are shared by a server's databases: one made by an earlier version may lack it.)
  alter role audit_pruner bypassrls;
  -- A non-superuser login role must be a member to hand the function over (ALTER ... OWNER).
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant audit_pruner to %I', current_user);
  end if;
end
$$;

grant usage on schema private to audit_pruner;
grant usage on schema public to audit_pruner;
grant select, delete on public.audit_log to audit_pruner;

-- Append-only for everyone but the pruning function's owner, and only DELETE.
create or replace function private.refuse_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and tg_level = 'ROW' and current_user = 'audit_pruner' then
    return old;
  end if;
  raise exception 'The audit trail is append-only: % is not allowed', lower(tg_op)
    using errcode = '42501', hint = 'Audit entries cannot be changed or removed.';
end
$$;

-- Removes at most `max_rows` audit entries older than `cutoff`, oldest first; returns how many.
create or replace function private.prune_audit_log(cutoff timestamptz, max_rows integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  if cutoff is null or max_rows is null or max_rows < 1 then
    raise exception 'prune_audit_log needs a cutoff and a positive batch size' using errcode = '22023';
  end if;
  delete from public.audit_log a
  using (
    select id from public.audit_log
    where occurred_at < cutoff
    order by occurred_at, id
    limit max_rows
  ) doomed
  where a.id = doomed.id;
  get diagnostics removed = row_count;
  return removed;
end
$$;

revoke all on function private.prune_audit_log(timestamptz, integer) from public;
alter function private.prune_audit_log(timestamptz, integer) owner to audit_pruner;
do $$
begin
  execute format('grant execute on function private.prune_audit_log(timestamptz, integer) to %I', current_user);
end
$$;
revoke all on function private.prune_audit_log(timestamptz, integer) from anon, authenticated, service_role;

-- The job finds old rows by the server's own time of arrival (created_at), oldest first.
create index if not exists enquiries_created_at_asc_idx on public.enquiries (created_at);
create index if not exists analytics_events_created_at_idx on public.analytics_events (created_at);
create index if not exists monitoring_errors_created_at_idx on public.monitoring_errors (created_at);
create index if not exists monitoring_metrics_created_at_idx on public.monitoring_metrics (created_at);
create index if not exists monitoring_actions_created_at_idx on public.monitoring_actions (created_at);
create index if not exists audit_log_occurred_at_asc_idx on public.audit_log (occurred_at, id);
