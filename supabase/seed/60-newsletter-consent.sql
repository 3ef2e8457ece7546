-- ============================================================================
-- Newsletter demo data (issue 14): the seed's two subscribers followed their
-- confirmation link (double opt-in), one more address signed up but never
-- confirmed, and one unsubscribed through the link in a newsletter. Every step
-- is written through the subscriber table, so the consent ledger shows each one.
-- ============================================================================
select set_config('newsletter.via', 'consent', true),
       set_config('newsletter.source', 'confirmation link', true),
       set_config('newsletter.ip', '198.51.100.24', true),
       set_config('newsletter.user_agent', 'Mozilla/5.0 (demo)', true);

update public.newsletter_subscribers
   set status = 'subscribed', confirmed_at = consented_at + interval '6 minutes'
 where email in ('lerato.demo@example.com', 'johan.demo@example.com');

select set_config('newsletter.source', 'homepage', true);
insert into public.newsletter_subscribers (email, source, consent_text, consented_at, confirmed_at, status) values
('thabo.pending@example.com', 'homepage',
 'I agree to receive news about stores and events at Genesis Centre. I can unsubscribe at any time.',
 now() - interval '2 days', null, 'pending'),
('anna.former@example.com', 'homepage',
 'I agree to receive news about stores and events at Genesis Centre. I can unsubscribe at any time.',
 now() - interval '60 days', now() - interval '60 days' + interval '3 minutes', 'subscribed');

select set_config('newsletter.source', 'unsubscribe link', true),
       set_config('newsletter.wording', 'Unsubscribed: no more news from the centre', true);
update public.newsletter_subscribers
   set status = 'unsubscribed', unsubscribed_at = now() - interval '20 days'
 where email = 'anna.former@example.com';

select set_config('newsletter.via', '', true), set_config('newsletter.source', '', true),
       set_config('newsletter.wording', '', true), set_config('newsletter.ip', '', true),
       set_config('newsletter.user_agent', '', true);

-- One issue already sent to the two confirmed subscribers (one delivery failed at the mail server).
select set_config('newsletter.via', 'sender', true);
insert into public.newsletters (id, subject, preheader, body, status, created_by, started_at, sent_at, recipient_count, created_at)
values ('6e3b1a00-0000-4000-8000-000000000001', 'October at Genesis Centre', 'Two new stores and late-night Thursdays',
 E'# October at Genesis Centre\n\nTwo new stores open on the ground floor this month, and we stay open until **21:00** every Thursday.\n\n- Fresh Fold Laundry, shop G14\n- Kora Coffee, shop G02\n\nSee you at the centre!',
 'sent', '0b0a0000-0000-4000-8000-000000000001', now() - interval '25 days', now() - interval '25 days', 2,
 now() - interval '26 days');
select set_config('newsletter.via', '', true);

insert into public.newsletter_deliveries (newsletter_id, subscriber_id, email, status, attempts, sent_at, error, created_at)
select '6e3b1a00-0000-4000-8000-000000000001', s.id, s.email,
       case when s.email like 'johan%' then 'failed' else 'sent' end, 1,
       case when s.email like 'johan%' then null else now() - interval '25 days' end,
       case when s.email like 'johan%' then '452 4.2.2 Mailbox full' end,
       now() - interval '25 days'
  from public.newsletter_subscribers s
 where s.email in ('lerato.demo@example.com', 'johan.demo@example.com');
