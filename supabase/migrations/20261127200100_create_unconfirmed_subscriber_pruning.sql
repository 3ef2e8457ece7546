-- ============================================================================
-- Retention of unconfirmed newsletter sign-ups (issue 20, item 4; POPIA s14).
--
-- A sign-up stays `pending` until the link of its confirmation mail is
-- followed (double opt-in, decision 017). One never confirmed has no purpose
-- once the link is long forgotten: the gateway's retention job removes pending
-- rows whose last sign-up request (consented_at) is older than
-- RETENTION_UNCONFIRMED_SUBSCRIBERS_DAYS, through this function. As with an
-- erasure (decision 020), the consent ledger and the deliveries then keep the
-- address's hash only, and earlier audit entries of the row are redacted. The
-- address is NOT put on the suppression list: the person may sign up again.
-- Confirmed and unsubscribed rows are never touched here.
--
-- Only the gateway's login role (the owner) may call it; it runs without JWT
-- claims, so the deletions are not API writes and are not audited.
-- ============================================================================
create or replace function private.prune_unconfirmed_subscribers(cutoff timestamptz, max_rows integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  doomed record;
  ids uuid[] := '{}';
begin
  if cutoff is null or max_rows is null or max_rows < 1 then
    raise exception 'prune_unconfirmed_subscribers needs a cutoff and a positive batch size'
      using errcode = '22023';
  end if;
  for doomed in
    select s.id, s.email from public.newsletter_subscribers s
     where s.status = 'pending' and s.confirmed_at is null and s.consented_at < cutoff
     order by s.consented_at, s.id
     limit max_rows
     for update skip locked
  loop
    perform private.forget_newsletter_address(doomed.email);
    ids := ids || doomed.id;
  end loop;
  if cardinality(ids) = 0 then
    return 0;
  end if;
  delete from public.newsletter_subscribers where id = any (ids);
  perform private.redact_audit_entries(jsonb_build_object('newsletter_subscribers', to_jsonb(ids)), '{}');
  return cardinality(ids);
end
$$;
revoke all on function private.prune_unconfirmed_subscribers(timestamptz, integer)
  from public, anon, authenticated, service_role;

create index if not exists newsletter_subscribers_pending_idx on public.newsletter_subscribers (consented_at, id)
  where status = 'pending';
