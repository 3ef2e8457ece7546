-- ============================================================================
-- The newsletter worker, faster with the same guarantees (issue 14, "Speed").
--
-- 1. One statement per message. Until now each message cost three round trips
--    and three commits: the mail module's outbox row (insert), its outcome
--    (update), and newsletter_record_delivery (the previous delivery's outcome
--    and the mark `sending` of the next). public.newsletter_delivery_step does
--    all of it in one: the previous message's outcome on its delivery AND on its
--    outbox row, then the next delivery marked `sending` with its outbox row
--    written (the row the mail module would write, passed by the worker), in one
--    commit that still happens before the next message goes out. A crash still
--    leaves at most one delivery `sending` (decision 017); its outbox row is
--    `pending` and the delivery points at it (outbox_id is set when it begins).
--
-- 2. A claim costs the batch, not the queue. newsletter_claim_batch checked every
--    queued delivery of every issue for an unsubscribed or erased address on each
--    claim (a join and a SHA-256 per queued row), and its order (next_attempt_at,
--    id) was not an index's, so each claim sorted the whole queue: a 10,000-reader
--    issue did quadratic work. Now only the rows a claim is about to take are
--    checked (those that no longer may be mailed become `skipped` with the same
--    reasons, and the claim takes the next ones instead), and the queue's index
--    has the claim's order, so a claim reads about `batch` rows.
-- ============================================================================

drop index public.newsletter_deliveries_queue_idx;
create index newsletter_deliveries_queue_idx on public.newsletter_deliveries (next_attempt_at, id)
  where status = 'queued';

create or replace function public.newsletter_claim_batch(worker text, batch integer, lease_seconds integer)
returns table (id uuid, newsletter_id uuid, email text, unsubscribe_token text, attempts integer)
language plpgsql security definer
set search_path = ''
as $$
declare
  skipped integer;
begin
  -- A row a dead worker was sending is failed (interrupted), never sent a second time.
  update public.newsletter_deliveries d
     set status = 'failed',
         error = 'Interrupted while sending (the server stopped): not sent again so nobody gets it twice. Retry if it did not arrive.',
         claimed_by = null, claimed_until = null, updated_at = now()
   where d.status = 'sending' and d.claimed_until < now();

  -- The rows this claim would take that may no longer be mailed are skipped: the address
  -- unsubscribed after the issue was queued, or was deleted or erased on request
  -- (private.is_mail_suppressed, migration 20261124800100). Then the next rows are looked at,
  -- until the rows at the head of the queue may all be mailed.
  loop
    with due as (
      select d.id from public.newsletter_deliveries d
       where d.status = 'queued' and d.next_attempt_at <= now()
         and (d.claimed_until is null or d.claimed_until < now())
       order by d.next_attempt_at, d.id
       limit greatest(batch, 1)
       for update skip locked
    ), verdict as (
      select d.id,
             case
               when s.id is not null and s.status <> 'subscribed' then 'Unsubscribed before it was sent'
               when d.subscriber_id is null or private.is_mail_suppressed(d.email)
                 then 'Erased on request before it was sent'
             end as reason
        from due
        join public.newsletter_deliveries d on d.id = due.id
        left join public.newsletter_subscribers s on s.id = d.subscriber_id
    )
    update public.newsletter_deliveries d
       set status = 'skipped', error = v.reason, claimed_by = null, claimed_until = null, updated_at = now()
      from verdict v
     where d.id = v.id and v.reason is not null;
    get diagnostics skipped = row_count;
    exit when skipped = 0;
  end loop;

  return query
  with due as (
    select d.id from public.newsletter_deliveries d
     where d.status = 'queued' and d.next_attempt_at <= now()
       and (d.claimed_until is null or d.claimed_until < now())
     order by d.next_attempt_at, d.id
     limit greatest(batch, 1)
     for update skip locked
  )
  update public.newsletter_deliveries d
     set claimed_by = worker, claimed_until = now() + make_interval(secs => lease_seconds), updated_at = now()
    from due
   where d.id = due.id
  returning d.id, d.newsletter_id, d.email,
    (select s.unsubscribe_token from public.newsletter_subscribers s where s.id = d.subscriber_id), d.attempts;
end
$$;

-- One message's step, in one statement and one commit:
--   * `finished` (may be null): the delivery whose message the mail server just answered. Its
--     outcome is recorded as newsletter_finish_delivery does (sent; or queued again after
--     `retry_after_seconds`, doubling, until `max_attempts`; then failed with the server's reason),
--     if this worker still holds it; its outbox row `finished_outbox` (null when nothing was handed
--     to the mail server) gets the outcome whatever happened to the delivery, since the message
--     went out or was refused either way.
--   * `next_delivery` (may be null): marked `sending` if this worker still holds it; then the
--     message's outbox row `next_mail` (the columns the mail module writes: to_addresses,
--     from_address, reply_to, subject, text_body, html_body, category, transport, status; null when
--     there is no message to send) is written, and the delivery points at it (outbox_id).
-- Returns whether this worker holds `next_delivery` and the id of its outbox row.
create or replace function public.newsletter_delivery_step(
  finished uuid, worker text, ok boolean, failure text, finished_outbox uuid, provider_message_id text,
  max_attempts integer, retry_after_seconds integer,
  next_delivery uuid, lease_seconds integer, next_mail jsonb
) returns table (held boolean, outbox_id uuid)
language plpgsql security definer
set search_path = ''
as $$
declare
  written uuid;
begin
  if finished_outbox is not null then
    -- Only a row still waiting for its outcome (a message kept in the outbox has none).
    update private.mail_outbox m
       set status = case when ok then 'sent' else 'failed' end,
           sent_at = case when ok then now() end,
           provider_message_id = newsletter_delivery_step.provider_message_id,
           error = case when ok then null else failure end
     where m.id = finished_outbox and m.status = 'pending';
  end if;
  if finished is not null then
    update public.newsletter_deliveries d
       set status = case when ok then 'sent' when d.attempts < max_attempts then 'queued' else 'failed' end,
           sent_at = case when ok then now() else d.sent_at end,
           error = case when ok then null else failure end,
           outbox_id = coalesce(finished_outbox, d.outbox_id),
           next_attempt_at = case
             when not ok and d.attempts < max_attempts
               then now() + make_interval(secs => retry_after_seconds * power(2, d.attempts - 1))
             else d.next_attempt_at end,
           claimed_by = null, claimed_until = null, updated_at = now()
     where d.id = finished and d.claimed_by = worker and d.status = 'sending';
  end if;
  if next_delivery is null then
    return query select false, null::uuid;
    return;
  end if;
  if next_mail is not null then
    written := gen_random_uuid();
  end if;
  update public.newsletter_deliveries d
     set status = 'sending', attempts = d.attempts + 1, outbox_id = written,
         claimed_until = now() + make_interval(secs => lease_seconds), updated_at = now()
   where d.id = next_delivery and d.claimed_by = worker and d.status = 'queued';
  if not found then
    return query select false, null::uuid;
    return;
  end if;
  if written is not null then
    insert into private.mail_outbox
      (id, to_addresses, from_address, reply_to, subject, text_body, html_body, category, transport, status)
    select written, r.to_addresses, r.from_address, r.reply_to, r.subject, r.text_body, r.html_body,
           coalesce(r.category, 'general'), r.transport, r.status
      from jsonb_populate_record(null::private.mail_outbox, next_mail) r;
  end if;
  return query select true, written;
end
$$;
revoke all on function public.newsletter_delivery_step(uuid, text, boolean, text, uuid, text, integer, integer, uuid, integer, jsonb)
  from public, anon, authenticated;
grant execute on function public.newsletter_delivery_step(uuid, text, boolean, text, uuid, text, integer, integer, uuid, integer, jsonb)
  to service_role;
