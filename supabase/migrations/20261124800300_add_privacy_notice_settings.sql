-- ============================================================================
-- The privacy notice (issue 20, item 1; POPIA s18): what the centre tells every
-- person whose information a form collects. The parts that differ per centre
-- live in centre_settings (readable by anyone, like the rest of the row): who
-- the responsible party is, the Information Officer and how to reach them, and
-- who information is shared with. What each form collects, why and for how long
-- is the product's own text (the retention periods are the gateway's defaults).
-- ============================================================================
alter table public.centre_settings
  add column responsible_party text not null default '' check (char_length(responsible_party) <= 200),
  add column information_officer_name text not null default '' check (char_length(information_officer_name) <= 200),
  add column information_officer_email text not null default '' check (char_length(information_officer_email) <= 200),
  add column information_officer_phone text not null default '' check (char_length(information_officer_phone) <= 50),
  add column privacy_shared_with text not null default '' check (char_length(privacy_shared_with) <= 2000);

update public.centre_settings set
  responsible_party = case when responsible_party = '' then centre_name else responsible_party end,
  information_officer_name = case when information_officer_name = '' then 'The Centre Manager' else information_officer_name end,
  information_officer_email = case when information_officer_email = '' then management_email else information_officer_email end,
  information_officer_phone = case when information_officer_phone = '' then phone else information_officer_phone end,
  privacy_shared_with = case when privacy_shared_with = '' then
    'Our e-mail delivery provider, to send the messages you ask for; the tenant concerned when you enquire about their shop; and the authorities when the law requires it. We do not sell or rent personal information.'
    else privacy_shared_with end;
