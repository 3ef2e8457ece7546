-- ============================================================================
-- Demo content (docs/product/README.md §7): loaded on first start into an empty database
-- while SEED_DEMO is on, and again by `npm run db:reset`. Every name here is
-- fictional. The demo accounts and passwords are listed in the README and
-- printed at start-up; passwords are stored as bcrypt hashes, as GoTrue does.
-- ============================================================================

-- ----------------------------------------------------------------------------
-- Centre settings (the spec's centre facts)
-- ----------------------------------------------------------------------------
insert into public.centre_settings (
  centre_name, tagline, address_line, suburb, city, province, postal_code, phone,
  management_email, leasing_email, general_email, security_company, security_phone,
  map_latitude, map_longitude, gla_m2, parking_bays, store_count, years_serving, daily_foot_traffic,
  occupancy_percent, catchment_radius_km, catchment_population, average_household_income, age_25_45_percent,
  amenities, featured_retailers, centre_hours, social_links
) values (
  'Genesis Centre', 'Your neighbourhood shopping centre',
  '12 Protea Avenue', 'Northcliff', 'Johannesburg', 'Gauteng', '2195', '011 274 5300',
  'management@genesis-centre.test', 'leasing@genesis-centre.test', 'info@genesis-centre.test',
  'Sentinel Guard Security', '0861 88 88 79',
  -26.145200, 27.972500, 7002, '400+', '25+', '15+', '5,000+',
  95, 3, '45,000+', 'R35,000', 60,
  array['Free WiFi', 'Generator backup', 'Borehole water', '24/7 security and CCTV', 'LED lighting'],
  array['Fresh Basket Market', 'Threadline Fashion', 'Volt Electronics', 'Wellness Corner Pharmacy',
        'Bean Theory Coffee', 'Little Explorers Toys', 'Glow Beauty Bar', 'Nest Home Décor',
        'Reel Dreams Cinema', 'Sizzle Grill House'],
  '{"monday":"08:00 - 19:00","tuesday":"08:00 - 19:00","wednesday":"08:00 - 19:00","thursday":"08:00 - 19:00","friday":"08:00 - 19:00","saturday":"08:00 - 17:00","sunday":"09:00 - 14:00"}',
  '{}'
);

-- ----------------------------------------------------------------------------
-- Shops: every category of the spec, floors Lower Ground, Ground, Upper Ground,
-- Mezzanine and First Floor; varied hours, one store with none published.
-- ----------------------------------------------------------------------------
insert into public.shops (shop_no, trading_name, description, category, floor, primary_phone, website, email, gla_m2, trading_hours) values
('G01', 'Fresh Basket Market', 'Neighbourhood supermarket with fresh produce, an in-store bakery and everyday groceries.', 'Grocery & Food', 'Ground', '011 274 5310', 'https://freshbasket.example.co.za', 'hello@freshbasket.example.co.za', 1450,
 '{"monday":"07:00 - 20:00","tuesday":"07:00 - 20:00","wednesday":"07:00 - 20:00","thursday":"07:00 - 20:00","friday":"07:00 - 20:00","saturday":"07:00 - 18:00","sunday":"08:00 - 16:00"}'),
('G02', 'Karoo Butchery & Deli', 'Free-range meat, boerewors made daily, biltong and a deli counter.', 'Grocery & Food', 'Ground', '011 274 5311', null, null, 180,
 '{"monday":"08:00 - 18:00","tuesday":"08:00 - 18:00","wednesday":"08:00 - 18:00","thursday":"08:00 - 18:00","friday":"08:00 - 18:00","saturday":"08:00 - 15:00","sunday":""}'),
('LG05', 'Daily Bread Bakery', 'Artisanal breads, vetkoek and pastries baked on site every morning.', 'Grocery & Food', 'Lower Ground', '011 274 5312', null, null, 95,
 '{"monday":"06:30 - 17:00","tuesday":"06:30 - 17:00","wednesday":"06:30 - 17:00","thursday":"06:30 - 17:00","friday":"06:30 - 17:00","saturday":"07:00 - 14:00","sunday":"07:00 - 12:00"}'),
('G03', 'Threadline Fashion', 'Affordable fashion for women and men, from workwear to weekend looks.', 'Fashion & Clothing', 'Ground', '011 274 5320', 'https://threadline.example.co.za', null, 420,
 '{"monday":"09:00 - 18:00","tuesday":"09:00 - 18:00","wednesday":"09:00 - 18:00","thursday":"09:00 - 18:00","friday":"09:00 - 18:00","saturday":"09:00 - 17:00","sunday":"10:00 - 14:00"}'),
('UG07', 'Jozi Denim Co.', 'Jeans, jackets and alterations while you wait.', 'Fashion & Clothing', 'Upper Ground', '011 274 5321', null, null, 140,
 '{"monday":"09:00 - 18:00","tuesday":"09:00 - 18:00","wednesday":"09:00 - 18:00","thursday":"09:00 - 18:00","friday":"09:00 - 18:00","saturday":"09:00 - 16:00","sunday":""}'),
('UG01', 'Volt Electronics', 'Televisions, laptops, sound systems and smart-home gear with expert advice.', 'Electronics', 'Upper Ground', '011 274 5330', 'https://volt.example.co.za', null, 380,
 '{"monday":"09:00 - 18:00","tuesday":"09:00 - 18:00","wednesday":"09:00 - 18:00","thursday":"09:00 - 18:00","friday":"09:00 - 18:00","saturday":"09:00 - 17:00","sunday":"10:00 - 14:00"}'),
('UG02', 'Pixel & Plug Repairs', 'Phone, tablet and laptop repairs, screen replacements and data recovery.', 'Electronics', 'Upper Ground', '011 274 5331', null, null, 60,
 '{"monday":"09:00 - 17:00","tuesday":"09:00 - 17:00","wednesday":"09:00 - 17:00","thursday":"09:00 - 17:00","friday":"09:00 - 17:00","saturday":"09:00 - 13:00","sunday":""}'),
('G08', 'Corner Cellphone Hub', 'Contracts, prepaid airtime and data, accessories and SIM swaps.', 'Electronics', 'Ground', '011 274 5332', null, null, 55,
 '{"monday":"08:30 - 18:00","tuesday":"08:30 - 18:00","wednesday":"08:30 - 18:00","thursday":"08:30 - 18:00","friday":"08:30 - 18:00","saturday":"08:30 - 17:00","sunday":"09:00 - 14:00"}'),
('G05', 'Wellness Corner Pharmacy', 'Dispensary, clinic with a registered nurse, vitamins and baby care.', 'Health & Pharmacy', 'Ground', '011 274 5340', 'https://wellnesscorner.example.co.za', null, 310,
 '{"monday":"08:00 - 19:00","tuesday":"08:00 - 19:00","wednesday":"08:00 - 19:00","thursday":"08:00 - 19:00","friday":"08:00 - 19:00","saturday":"08:00 - 17:00","sunday":"09:00 - 13:00"}'),
('LG01', 'ClearView Optometrists', 'Eye tests, frames for every budget and contact lenses.', 'Health & Pharmacy', 'Lower Ground', '011 274 5341', null, null, 90,
 '{"monday":"08:30 - 17:00","tuesday":"08:30 - 17:00","wednesday":"08:30 - 17:00","thursday":"08:30 - 17:00","friday":"08:30 - 17:00","saturday":"08:30 - 13:00","sunday":""}'),
('G06', 'Mama Thandi''s Kitchen', 'Home-style South African meals: pap, stews, chakalaka and Sunday lunches.', 'Food & Beverage', 'Ground', '011 274 5350', null, null, 160,
 '{"monday":"07:00 - 19:00","tuesday":"07:00 - 19:00","wednesday":"07:00 - 19:00","thursday":"07:00 - 19:00","friday":"07:00 - 21:00","saturday":"08:00 - 21:00","sunday":"08:00 - 16:00"}'),
('M01', 'Bean Theory Coffee', 'Speciality coffee roasted in Johannesburg, breakfasts and light lunches.', 'Food & Beverage', 'Mezzanine', '011 274 5351', 'https://beantheory.example.co.za', 'hi@beantheory.example.co.za', 120,
 '{"monday":"06:30 - 17:00","tuesday":"06:30 - 17:00","wednesday":"06:30 - 17:00","thursday":"06:30 - 17:00","friday":"06:30 - 17:00","saturday":"07:30 - 15:00","sunday":"08:00 - 13:00"}'),
('UG03', 'Sizzle Grill House', 'Flame-grilled steaks, burgers and a family-friendly dining room.', 'Food & Beverage', 'Upper Ground', '011 274 5352', 'https://sizzle.example.co.za', null, 280,
 '{"monday":"11:00 - 21:00","tuesday":"11:00 - 21:00","wednesday":"11:00 - 21:00","thursday":"11:00 - 21:00","friday":"11:00 - 22:00","saturday":"11:00 - 22:00","sunday":"11:00 - 20:00"}'),
('UG04', 'Little Explorers Toys', 'Educational toys, puzzles, books and party supplies for children.', 'Children & Family', 'Upper Ground', '011 274 5360', null, null, 150,
 '{"monday":"09:00 - 18:00","tuesday":"09:00 - 18:00","wednesday":"09:00 - 18:00","thursday":"09:00 - 18:00","friday":"09:00 - 18:00","saturday":"09:00 - 17:00","sunday":"10:00 - 14:00"}'),
('M02', 'Tiny Steps Kids Wear', 'Clothing and school shoes for babies to teens.', 'Children & Family', 'Mezzanine', '011 274 5361', null, null, 110,
 '{"monday":"09:00 - 17:30","tuesday":"09:00 - 17:30","wednesday":"09:00 - 17:30","thursday":"09:00 - 17:30","friday":"09:00 - 17:30","saturday":"09:00 - 15:00","sunday":""}'),
('LG02', 'QuickFix Cobbler & Keys', 'Shoe repairs, key cutting, remotes and engraving.', 'Services', 'Lower Ground', '011 274 5370', null, null, 30,
 '{"monday":"08:00 - 17:00","tuesday":"08:00 - 17:00","wednesday":"08:00 - 17:00","thursday":"08:00 - 17:00","friday":"08:00 - 17:00","saturday":"08:00 - 13:00","sunday":""}'),
('LG03', 'Sparkle Dry Cleaners', 'Dry cleaning, laundry and same-day ironing.', 'Services', 'Lower Ground', '011 274 5371', null, null, 70,
 '{"monday":"07:30 - 18:00","tuesday":"07:30 - 18:00","wednesday":"07:30 - 18:00","thursday":"07:30 - 18:00","friday":"07:30 - 18:00","saturday":"08:00 - 14:00","sunday":""}'),
('G09', 'Sunrise Laundromat', 'Self-service washers and dryers, with wash-and-fold on request.', 'Services', 'Ground', '011 274 5372', null, null, 85,
 '{"monday":"06:00 - 21:00","tuesday":"06:00 - 21:00","wednesday":"06:00 - 21:00","thursday":"06:00 - 21:00","friday":"06:00 - 21:00","saturday":"06:00 - 21:00","sunday":"06:00 - 21:00"}'),
('G07', 'Glow Beauty Bar', 'Facials, brows and lashes, and a curated range of local skincare.', 'Beauty & Personal Care', 'Ground', '011 274 5380', 'https://glowbeauty.example.co.za', null, 95,
 '{"monday":"09:00 - 18:00","tuesday":"09:00 - 18:00","wednesday":"09:00 - 18:00","thursday":"09:00 - 19:00","friday":"09:00 - 19:00","saturday":"08:00 - 16:00","sunday":""}'),
('M03', 'Sharp Cuts Barbershop', 'Cuts, fades and hot-towel shaves; walk-ins welcome.', 'Beauty & Personal Care', 'Mezzanine', '011 274 5381', null, null, 45,
 '{"monday":"","tuesday":"09:00 - 18:00","wednesday":"09:00 - 18:00","thursday":"09:00 - 18:00","friday":"09:00 - 18:00","saturday":"08:00 - 16:00","sunday":""}'),
('M05', 'Mpho''s Nail Studio', 'Manicures, pedicures, gel and acrylic nails.', 'Beauty & Personal Care', 'Mezzanine', '011 274 5382', null, null, 40,
 '{"monday":"09:00 - 17:00","tuesday":"09:00 - 17:00","wednesday":"09:00 - 17:00","thursday":"09:00 - 17:00","friday":"09:00 - 17:00","saturday":"09:00 - 15:00","sunday":"10:00 - 13:00"}'),
('UG05', 'Nest Home Décor', 'Cushions, throws, tableware and gifts for the home.', 'Home & Garden', 'Upper Ground', '011 274 5390', 'https://nesthome.example.co.za', null, 210,
 '{"monday":"09:00 - 18:00","tuesday":"09:00 - 18:00","wednesday":"09:00 - 18:00","thursday":"09:00 - 18:00","friday":"09:00 - 18:00","saturday":"09:00 - 17:00","sunday":"10:00 - 14:00"}'),
('LG04', 'Green Thumb Nursery', 'Indoor plants, succulents, pots and water-wise garden advice.', 'Home & Garden', 'Lower Ground', '011 274 5391', null, null, 240,
 '{"monday":"08:00 - 17:00","tuesday":"08:00 - 17:00","wednesday":"08:00 - 17:00","thursday":"08:00 - 17:00","friday":"08:00 - 17:00","saturday":"08:00 - 17:00","sunday":"08:00 - 17:00"}'),
('UG06', 'Paper Trail Stationers', 'Stationery, printing, copying and school supplies.', 'Home & Garden', 'Upper Ground', '011 274 5392', null, null, 75,
 '{"monday":"08:00 - 17:30","tuesday":"08:00 - 17:30","wednesday":"08:00 - 17:30","thursday":"08:00 - 17:30","friday":"08:00 - 17:30","saturday":"08:30 - 13:00","sunday":""}'),
('F01', 'Game Zone Arcade', 'Arcade games, VR booths and birthday party packages.', 'Entertainment', 'First Floor', '011 274 5400', null, null, 360,
 '{"monday":"10:00 - 20:00","tuesday":"10:00 - 20:00","wednesday":"10:00 - 20:00","thursday":"10:00 - 20:00","friday":"10:00 - 22:00","saturday":"09:00 - 22:00","sunday":"10:00 - 19:00"}'),
('F02', 'Reel Dreams Cinema', 'A three-screen neighbourhood cinema showing new releases and local films.', 'Entertainment', 'First Floor', '011 274 5401', 'https://reeldreams.example.co.za', null, 620,
 '{"monday":"12:00 - 22:30","tuesday":"12:00 - 22:30","wednesday":"12:00 - 22:30","thursday":"12:00 - 22:30","friday":"12:00 - 23:30","saturday":"10:00 - 23:30","sunday":"10:00 - 21:00"}'),
('M04', 'Ubuntu Accounting Services', 'Bookkeeping, tax returns and payroll for small businesses and individuals.', 'Professional Services', 'Mezzanine', '011 274 5410', 'https://ubuntuaccounting.example.co.za', null, 65,
 '{"monday":"08:00 - 16:30","tuesday":"08:00 - 16:30","wednesday":"08:00 - 16:30","thursday":"08:00 - 16:30","friday":"08:00 - 16:30","saturday":"","sunday":""}'),
('F03', 'Legal Aid Partners', 'Attorneys for family, property and labour matters. Consultations by appointment.', 'Professional Services', 'First Floor', '011 274 5411', null, null, 80,
 '{"monday":"","tuesday":"","wednesday":"","thursday":"","friday":"","saturday":"","sunday":""}');

-- ----------------------------------------------------------------------------
-- Vacant shops
-- ----------------------------------------------------------------------------
insert into public.vacant_shops (unit_number, size_m2, status, is_featured, type, basic_rental_per_sqm, description, features, floor, created_at) values
('UG10', 185, 'Available Now', true, 'Retail', 165.00, 'Corner unit with double frontage on the main Upper Ground walkway, next to the escalators.', array['Double frontage', 'Corner position', 'Three-phase power', 'Generator backup'], 'Upper Ground', now() - interval '3 days'),
('G12', 92, 'Available Now', false, 'Retail', 210.50, 'Ground-floor line shop between the pharmacy and the food court.', array['High foot traffic', 'Shopfront glazing', 'Air-conditioning ready'], 'Ground', now() - interval '10 days'),
('LG08', 240, 'Available from 1 March 2027', false, 'Restaurant', null, 'Restaurant unit with extraction, grease trap and outdoor seating on the piazza.', array['Extraction installed', 'Grease trap', 'Outdoor seating'], 'Lower Ground', now() - interval '20 days'),
('F05', 410, 'Under Offer', false, 'Office', 95.00, 'Open-plan first-floor space suited to offices, a gym or a training centre.', array['Own ablutions', 'Lift access', 'Natural light'], 'First Floor', now() - interval '30 days'),
('M06', 38, 'Available Now', false, 'Kiosk', null, 'Mezzanine kiosk suited to a coffee cart, phone accessories or a service counter.', array['Low entry cost', 'Water point'], 'Mezzanine', now() - interval '45 days');

-- ----------------------------------------------------------------------------
-- Demo accounts: one admin, two tenants (bcrypt, as GoTrue stores passwords)
-- ----------------------------------------------------------------------------
insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, last_sign_in_at) values
('0b0a0000-0000-4000-8000-000000000001', 'authenticated', 'authenticated', 'admin@genesis-centre.test',
  crypt('Admin-demo-2024!', gen_salt('bf', 10)), now(),
  '{"provider":"email","providers":["email"],"role":"admin"}', '{"full_name":"Centre Manager"}', null),
('0b0a0000-0000-4000-8000-00000000000a', 'authenticated', 'authenticated', 'tenant.a@genesis-centre.test',
  crypt('Tenant-A-demo-2024!', gen_salt('bf', 10)), now(),
  '{"provider":"email","providers":["email"],"role":"tenant"}', '{"full_name":"Naledi Mokoena"}', null),
('0b0a0000-0000-4000-8000-00000000000b', 'authenticated', 'authenticated', 'tenant.b@genesis-centre.test',
  crypt('Tenant-B-demo-2024!', gen_salt('bf', 10)), now(),
  '{"provider":"email","providers":["email"],"role":"tenant"}', '{"full_name":"Pieter van Wyk"}', null);

insert into auth.identities (provider_id, user_id, identity_data, provider)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false), 'email'
from auth.users u where u.id::text like '0b0a0000-%';

-- ----------------------------------------------------------------------------
-- Tenants, linked to their shops and accounts
-- ----------------------------------------------------------------------------
insert into public.tenants (id, user_id, shop_id, company_name, contact_name, email, phone, vat_number, lease_start, lease_end, monthly_rental, deposit) values
('7e000000-0000-4000-8000-00000000000a', '0b0a0000-0000-4000-8000-00000000000a', (select id from public.shops where shop_no = 'G01'),
  'Fresh Basket Trading (Pty) Ltd', 'Naledi Mokoena', 'tenant.a@genesis-centre.test', '082 555 0101', '4010203040',
  date_trunc('year', now())::date - interval '2 years', date_trunc('year', now())::date + interval '3 years' - interval '1 day', 185600.00, 371200.00),
('7e000000-0000-4000-8000-00000000000b', '0b0a0000-0000-4000-8000-00000000000b', (select id from public.shops where shop_no = 'M01'),
  'Bean Theory Roasters CC', 'Pieter van Wyk', 'tenant.b@genesis-centre.test', '083 555 0202', '4050607080',
  date_trunc('year', now())::date - interval '1 year', date_trunc('year', now())::date + interval '2 years' - interval '1 day', 21600.00, 43200.00);

-- ----------------------------------------------------------------------------
-- Three months of statements each: the oldest paid, last month issued, this
-- month issued (rental) or still a draft (utilities).
-- ----------------------------------------------------------------------------
insert into public.rental_statements (tenant_id, period, statement_date, due_date, amount_due, amount_paid, status, line_items)
select t.id, m.period, m.period, m.period + interval '6 days',
  t.monthly_rental + m.ops, case when m.n = 2 then t.monthly_rental + m.ops else 0 end,
  case when m.n = 2 then 'paid' else 'issued' end,
  jsonb_build_array(
    jsonb_build_object('description', 'Basic rental', 'amount', t.monthly_rental),
    jsonb_build_object('description', 'Operating costs', 'amount', m.ops))
from public.tenants t
cross join lateral (
  select n, (date_trunc('month', now()) - make_interval(months => n))::date as period,
    round(t.monthly_rental * 0.12, 2) as ops
  from generate_series(0, 2) as n
) m;

insert into public.utility_statements (tenant_id, period, statement_date, due_date,
  electricity_meter_previous, electricity_meter_current, electricity_kwh, electricity_amount,
  water_meter_previous, water_meter_current, water_kl, water_amount, other_amount, amount_paid, status)
select t.id, m.period, m.period, m.period + interval '6 days',
  m.e0, m.e0 + m.kwh, m.kwh, round(m.kwh * 3.45, 2),
  m.w0, m.w0 + m.kl, m.kl, round(m.kl * 38.20, 2), 150.00,
  case when m.n = 2 then round(m.kwh * 3.45, 2) + round(m.kl * 38.20, 2) + 150.00 else 0 end,
  case when m.n = 2 then 'paid' when m.n = 1 then 'issued' else 'draft' end
from public.tenants t
cross join lateral (
  select n, (date_trunc('month', now()) - make_interval(months => n))::date as period,
    case when t.shop_id = (select id from public.shops where shop_no = 'G01') then 9800 - n * 350 else 1900 - n * 60 end::numeric as kwh,
    case when t.shop_id = (select id from public.shops where shop_no = 'G01') then 42 - n * 2 else 18 - n end::numeric as kl,
    (50000 - n * 10000)::numeric as e0,
    (8000 - n * 100)::numeric as w0
  from generate_series(0, 2) as n
) m;

-- ----------------------------------------------------------------------------
-- A few subscribers and one draft newsletter for the back office
-- ----------------------------------------------------------------------------
insert into public.newsletter_subscribers (email, source, consent_text, consented_at) values
('lerato.demo@example.com', 'homepage', 'I agree to receive news about stores and events at Genesis Centre. I can unsubscribe at any time.', now() - interval '40 days'),
('johan.demo@example.com', 'homepage', 'I agree to receive news about stores and events at Genesis Centre. I can unsubscribe at any time.', now() - interval '12 days');

insert into public.newsletters (subject, preheader, body, created_by) values
('Spring at Genesis Centre', 'New stores, longer hours and a kids'' market day',
 E'# Spring is here\n\nMeet our newest stores and join us for the kids'' market day on the piazza.',
 '0b0a0000-0000-4000-8000-000000000001');
