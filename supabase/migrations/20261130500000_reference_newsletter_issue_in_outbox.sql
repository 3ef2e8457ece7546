-- ============================================================================
-- A newsletter's outbox rows point at the issue instead of copying it
-- (issue 14, "Speed"; docs/decisions/033).
--
-- Until now every recipient's outbox row held the whole rendered issue (about
-- 3 KB of HTML and text), written in the statement that begins the message
-- (public.newsletter_delivery_step, migration 20261128200000): 10,000 copies of
-- the same body for a 10,000-reader issue. The only part of a newsletter that
-- differs between recipients is the unsubscribe link (in the body and in the
-- List-Unsubscribe header). A newsletter's outbox row now records:
--   * newsletter_id: the issue that was sent (subject, preheader and Markdown in
--     public.newsletters; a sent issue cannot change, guard_sending, and cannot
--     be deleted while its deliveries point at it);
--   * unsubscribe_url: the recipient's own link, as it was in the message;
--   * empty text_body and html_body (the issue is rendered from these two by
--     renderNewsletter, as the worker did when it sent it).
-- The envelope (to, from, subject, category, transport), the outcome (status,
-- provider_message_id, error) and the link from the delivery (outbox_id) are as
-- before, so a failed send keeps its reason and the crash rules (decision 017)
-- are unchanged. Every other mail still stores its bodies.
--
-- No foreign key on newsletter_id: its check would lock the issue's row once per
-- message; the deliveries' own key already keeps a sent issue in place.
-- The retention job for mail bodies (apps/gateway/src/services/privacy/retention.ts)
-- clears unsubscribe_url with the bodies: it is a capability of that person.
-- private.mail_outbox stays in the private schema, with no grants to API roles.
-- ============================================================================

alter table private.mail_outbox
  add column newsletter_id uuid,
  add column unsubscribe_url text;

comment on column private.mail_outbox.newsletter_id is
  'A newsletter message: the issue it carried (its bodies are not copied, text_body and html_body are empty).';
comment on column private.mail_outbox.unsubscribe_url is
  'A newsletter message: the recipient''s unsubscribe link as sent (cleared with the bodies by retention).';

-- The same step as migration 20261128200000; the outbox row it writes carries the two new columns.
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
      (id, to_addresses, from_address, reply_to, subject, text_body, html_body, category, transport, status,
       newsletter_id, unsubscribe_url)
    select written, r.to_addresses, r.from_address, r.reply_to, r.subject, r.text_body, r.html_body,
           coalesce(r.category, 'general'), r.transport, r.status, r.newsletter_id, r.unsubscribe_url
      from jsonb_populate_record(null::private.mail_outbox, next_mail) r;
  end if;
  return query select true, written;
end
$$;
revoke all on function public.newsletter_delivery_step(uuid, text, boolean, text, uuid, text, integer, integer, uuid, integer, jsonb)
  from public, anon, authenticated;
grant execute on function public.newsletter_delivery_step(uuid, text, boolean, text, uuid, text, integer, integer, uuid, integer, jsonb)
  to service_role;
