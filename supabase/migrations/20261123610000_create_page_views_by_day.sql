-- ============================================================================
-- The dashboard's page views over the last N days (issue 13, item 2), one row
-- per day (UTC), days without views included as 0. Security invoker: the
-- caller's RLS applies, so only admins (with their second factor) count
-- anything; everyone else gets zeros.
-- ============================================================================
create or replace function public.page_views_by_day(days integer default 30)
returns table (day date, views bigint)
language sql stable security invoker
set search_path = ''
as $$
  with span as (
    select generate_series(
      (now() at time zone 'utc')::date - (least(greatest(days, 1), 366) - 1),
      (now() at time zone 'utc')::date,
      interval '1 day'
    )::date as day
  )
  select s.day, count(e.id) as views
  from span s
  left join public.analytics_events e
    on e.name = 'page_view'
   and e.occurred_at >= s.day::timestamp at time zone 'utc'
   and e.occurred_at < (s.day + 1)::timestamp at time zone 'utc'
  group by s.day
  order by s.day
$$;

revoke all on function public.page_views_by_day(integer) from public, anon;
grant execute on function public.page_views_by_day(integer) to authenticated, service_role;
