-- ============================================================================
-- Mail outbox: every message the product sends is recorded here first. With
-- SMTP_URL unset it is the delivery (the product works with no mail server);
-- with SMTP it records the outcome, so a failed delivery is never silent.
-- Lives in the private schema: never exposed over REST (it holds auth links).
-- ============================================================================

create table private.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_addresses text[] not null check (cardinality(to_addresses) > 0),
  from_address text not null,
  reply_to text,
  subject text not null,
  text_body text not null,
  html_body text not null,
  category text not null default 'general',
  transport text not null check (transport in ('smtp', 'outbox')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'logged')),
  provider_message_id text,
  error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_created_at_idx on private.mail_outbox (created_at desc);

revoke all on private.mail_outbox from anon, authenticated;
