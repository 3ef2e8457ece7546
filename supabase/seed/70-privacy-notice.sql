-- ============================================================================
-- The privacy notice's centre-specific parts (issue 20, item 1): responsible
-- party, Information Officer and sharing, for the demo centre.
-- ============================================================================
update public.centre_settings set
  responsible_party = 'Genesis Centre (Pty) Ltd',
  information_officer_name = 'Thabo Nkosi, Centre Manager',
  information_officer_email = 'privacy@genesis-centre.test',
  information_officer_phone = phone,
  privacy_shared_with = 'Our e-mail delivery provider, to send the messages you ask for; the tenant concerned when you enquire about their shop; and the authorities when the law requires it. We do not sell or rent personal information.';
