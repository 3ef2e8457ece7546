-- ============================================================================
-- The newsletter worker's two steps around each message in one call (issue 14,
-- "Speed"): the outcome of the message just sent (newsletter_finish_delivery)
-- and the mark `sending` of the next one (newsletter_begin_delivery), in one
-- statement, so one round trip and one commit per message. Still before the next
-- message goes out, so a crash leaves at most that one `sending` (decision 017).
-- Callable by the service role only (the worker runs it as the gateway's own
-- role, like the statement worker).
-- ============================================================================
create or replace function public.newsletter_record_delivery(
  finished uuid, worker text, ok boolean, failure text, outbox uuid, max_attempts integer,
  retry_after_seconds integer, next_delivery uuid, lease_seconds integer
) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  if finished is not null then
    perform public.newsletter_finish_delivery(finished, worker, ok, failure, outbox, max_attempts, retry_after_seconds);
  end if;
  if next_delivery is null then
    return false;
  end if;
  return public.newsletter_begin_delivery(next_delivery, worker, lease_seconds);
end
$$;
revoke all on function public.newsletter_record_delivery(uuid, text, boolean, text, uuid, integer, integer, uuid, integer)
  from public, anon, authenticated;
grant execute on function public.newsletter_record_delivery(uuid, text, boolean, text, uuid, integer, integer, uuid, integer)
  to service_role;
