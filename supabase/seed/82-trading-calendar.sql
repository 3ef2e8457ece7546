-- Demo content for open now and WhatsApp (issue 18, items 1 and 3). The public holidays are not
-- demo content: their migration (20261128300000) holds them.

-- The centre's WhatsApp numbers for management and leasing, and three stores' (tenant A's among
-- them). Numbers of the 082 555 01xx kind, not anyone's.
update public.centre_settings set management_whatsapp = '27825550100', leasing_whatsapp = '27825550101';
update public.shops set whatsapp = '27825550111' where shop_no = 'G01';
update public.shops set whatsapp = '27835550122' where shop_no = 'M01';
update public.shops set whatsapp = '27605550133' where shop_no = 'UG03';

-- A stocktake and an evening of special hours, a few days from the day the demo is seeded.
insert into public.shop_trading_exceptions (shop_id, exception_date, closed, hours, reason)
select id, current_date + 3, true, null, 'Closed for stocktake' from public.shops where shop_no = 'G02'
union all
select id, current_date + 5, false, '11:00 - 23:00', 'Late kitchen for the year-end party season'
  from public.shops where shop_no = 'UG03';
