-- ============================================================================
-- Power status and what's on (issue 18, items 2 and 4) for the demo centre:
-- the centre is on the grid, reported at start-up (so it turns stale after
-- the centre's setting, three hours, unless someone reports again).
-- ============================================================================
insert into public.power_statuses (shop_id, state, note)
values (null, 'on_grid', 'All stores have power. The generator takes over within a minute of an outage.');

-- What's on: a current event and a current special (approved), one special awaiting approval,
-- and an event that has ended (approved, but no longer shown anywhere public).
insert into public.whats_on_items (id, kind, shop_id, title, body, starts_at, ends_at, status, reviewed_at) values
  ('9e000000-0000-4000-8000-000000000001', 'event', null, 'Saturday Farmers'' Market',
   'Fresh produce, baked goods and crafts from local makers in the parking court, every Saturday morning this month.',
   date_trunc('day', now()) + interval '1 day 7 hours', date_trunc('day', now()) + interval '1 day 11 hours',
   'approved', now()),
  ('9e000000-0000-4000-8000-000000000002', 'special', (select id from public.shops where shop_no = 'M01'),
   'Two cappuccinos for R50', 'Bring a friend: two regular cappuccinos for R50 every weekday before 10:00.',
   now() - interval '2 days', now() + interval '12 days', 'approved', now()),
  ('9e000000-0000-4000-8000-000000000003', 'special', (select id from public.shops where shop_no = 'G01'),
   'Fresh bread at half price after 17:00', 'Every loaf baked today, half price from 17:00 until closing.',
   now(), now() + interval '7 days', 'submitted', null),
  ('9e000000-0000-4000-8000-000000000004', 'event', null, 'Spring Kids'' Art Morning',
   'Free painting and crafts for children aged 4 to 12 in the centre court.',
   now() - interval '10 days', now() - interval '9 days', 'approved', now());
