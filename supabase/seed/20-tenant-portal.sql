-- ============================================================================
-- Demo content of the tenant portal (issue 12): lease terms, notices with one
-- read receipt, and a maintenance request per demo tenant with some history.
-- Loaded after seed.sql (see README.md in this folder).
-- ============================================================================

update public.tenants set escalation_percent = 7.50, notice_period_months = 3
where id = '7e000000-0000-4000-8000-00000000000a';
update public.tenants set escalation_percent = 8.00, notice_period_months = 2
where id = '7e000000-0000-4000-8000-00000000000b';

-- Two notices to every shop, one to Fresh Basket (G01) only, one to Bean Theory (M01) only.
insert into public.notices (id, title, body, audience, shop_ids, published_at) values
('40000000-0000-4000-8000-000000000001', 'Parking resurfacing on Saturday',
  'The lower parking deck will be resurfaced on Saturday from 06:00 to 14:00. Deliveries must use the Main Road entrance.',
  'all', '{}', now() - interval '12 days'),
('40000000-0000-4000-8000-000000000002', 'Fire drill next Wednesday',
  'The annual fire drill takes place next Wednesday at 10:00. Please brief your staff on the assembly point at the taxi rank.',
  'all', '{}', now() - interval '2 days'),
('40000000-0000-4000-8000-000000000003', 'Refrigeration contractor visit',
  'Our refrigeration contractor will inspect the cold-room condensers behind G01 on Thursday morning.',
  'shops', array[(select id from public.shops where shop_no = 'G01')], now() - interval '5 days'),
('40000000-0000-4000-8000-000000000004', 'Mezzanine seating area',
  'The mezzanine seating area will be repainted over the weekend; please keep the tables clear on Friday evening.',
  'shops', array[(select id from public.shops where shop_no = 'M01')], now() - interval '4 days');

-- Tenant A has read the parking notice.
insert into public.notice_receipts (notice_id, tenant_id, read_by, read_at) values
('40000000-0000-4000-8000-000000000001', '7e000000-0000-4000-8000-00000000000a',
  '0b0a0000-0000-4000-8000-00000000000a', now() - interval '11 days');

-- One request each; tenant A's has been scheduled since.
insert into public.maintenance_requests (id, tenant_id, shop_id, category, description, urgency, created_by, created_at) values
('3a000000-0000-4000-8000-00000000000a', '7e000000-0000-4000-8000-00000000000a',
  (select id from public.shops where shop_no = 'G01'), 'plumbing',
  'The hand-wash basin in the bakery prep area drains very slowly and has started to smell.', 'high',
  '0b0a0000-0000-4000-8000-00000000000a', now() - interval '3 days'),
('3a000000-0000-4000-8000-00000000000b', '7e000000-0000-4000-8000-00000000000b',
  (select id from public.shops where shop_no = 'M01'), 'electrical',
  'Two of the pendant lights above the counter flicker in the afternoons.', 'normal',
  '0b0a0000-0000-4000-8000-00000000000b', now() - interval '1 day');

update public.maintenance_requests
set status = 'scheduled', status_note = 'Plumber booked for Thursday at 08:00.',
    scheduled_for = current_date + 2
where id = '3a000000-0000-4000-8000-00000000000a';

-- The history rows were written by the trigger just now: give them their demo times.
update public.maintenance_request_events e
set created_at = case when e.status = 'received' then r.created_at else r.created_at + interval '1 day' end,
    changed_by = case when e.status = 'received' then r.created_by else '0b0a0000-0000-4000-8000-000000000001' end
from public.maintenance_requests r
where r.id = e.request_id;

insert into public.maintenance_comments (request_id, tenant_id, author_id, author_role, body) values
('3a000000-0000-4000-8000-00000000000a', '7e000000-0000-4000-8000-00000000000a',
  '0b0a0000-0000-4000-8000-000000000001', 'admin', 'Please leave the back door unlocked for the plumber.');
