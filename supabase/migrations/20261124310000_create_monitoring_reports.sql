-- ============================================================================
-- The Monitoring screen's reports (issue 13, item 8), computed in the
-- database from the ingestion tables (analytics_events, monitoring_errors,
-- monitoring_metrics). Every function is SECURITY INVOKER: the caller's RLS
-- applies, so only admins with their second factor (and the service role)
-- see anything; everyone else gets empty reports. `since` bounds the period;
-- `page` (optional) keeps rows whose page path contains it.
-- ============================================================================

-- The path of a page URL: no scheme, host, query or fragment ('/stores/g01').
create or replace function private.page_path(url text) returns text
language sql immutable
set search_path = ''
as $$
  select nullif(split_part(split_part(regexp_replace(coalesce(url, ''), '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*', ''), '?', 1), '#', 1), '')
$$;
grant execute on function private.page_path(text) to anon, authenticated, service_role;

-- Page views and visitors (sessions) per page, most viewed first.
create or replace function public.monitoring_top_pages(since timestamptz, page text default null, max_rows integer default 20)
returns table (path text, views bigint, sessions bigint, last_viewed timestamptz)
language sql stable security invoker
set search_path = ''
as $$
  select coalesce(private.page_path(e.url), '(unknown)') as path, count(*) as views,
         count(distinct e.session_id) as sessions, max(e.occurred_at) as last_viewed
  from public.analytics_events e
  where e.name = 'page_view' and e.occurred_at >= since
    and (page is null or page = '' or private.page_path(e.url) ilike '%' || page || '%')
  group by 1
  order by views desc, path
  limit least(greatest(max_rows, 1), 200)
$$;

-- Web Vitals per page: the 75th percentile (as Google reports them) and the number of samples.
create or replace function public.monitoring_vitals(since timestamptz, page text default null)
returns table (path text, metric text, p75 double precision, samples bigint)
language sql stable security invoker
set search_path = ''
as $$
  select coalesce(private.page_path(m.url), '(unknown)') as path, m.name as metric,
         percentile_cont(0.75) within group (order by m.value) as p75, count(*) as samples
  from public.monitoring_metrics m
  where m.name in ('lcp', 'inp', 'cls', 'fcp', 'ttfb') and m.occurred_at >= since
    and (page is null or page = '' or private.page_path(m.url) ilike '%' || page || '%')
  group by 1, 2
  order by 1, 2
$$;

-- Errors grouped by message: how often, since and until when, on how many pages, one sample.
create or replace function public.monitoring_error_groups(since timestamptz, page text default null,
  search text default null, max_rows integer default 50)
returns table (message text, occurrences bigint, pages bigint, first_seen timestamptz, last_seen timestamptz,
  sample_stack text, sample_url text)
language sql stable security invoker
set search_path = ''
as $$
  select e.message, count(*) as occurrences, count(distinct private.page_path(e.url)) as pages,
         min(e.occurred_at) as first_seen, max(e.occurred_at) as last_seen,
         (array_agg(e.stack order by e.occurred_at desc) filter (where e.stack is not null))[1] as sample_stack,
         (array_agg(e.url order by e.occurred_at desc))[1] as sample_url
  from public.monitoring_errors e
  where e.occurred_at >= since
    and (page is null or page = '' or private.page_path(e.url) ilike '%' || page || '%')
    and (search is null or search = '' or e.message ilike '%' || search || '%')
  group by e.message
  order by last_seen desc
  limit least(greatest(max_rows, 1), 200)
$$;

-- Resources that took a second or more (the browser reports them as slow_resource with the resource's URL).
create or replace function public.monitoring_slow_resources(since timestamptz, max_rows integer default 20)
returns table (resource text, occurrences bigint, p75_ms double precision, worst_ms double precision,
  last_seen timestamptz)
language sql stable security invoker
set search_path = ''
as $$
  select coalesce(split_part(m.url, '?', 1), '(unknown)') as resource, count(*) as occurrences,
         percentile_cont(0.75) within group (order by m.value) as p75_ms, max(m.value) as worst_ms,
         max(m.occurred_at) as last_seen
  from public.monitoring_metrics m
  where m.name = 'slow_resource' and m.occurred_at >= since
  group by 1
  order by occurrences desc, p75_ms desc
  limit least(greatest(max_rows, 1), 200)
$$;

revoke all on function public.monitoring_top_pages(timestamptz, text, integer),
  public.monitoring_vitals(timestamptz, text),
  public.monitoring_error_groups(timestamptz, text, text, integer),
  public.monitoring_slow_resources(timestamptz, integer) from public, anon;
grant execute on function public.monitoring_top_pages(timestamptz, text, integer),
  public.monitoring_vitals(timestamptz, text),
  public.monitoring_error_groups(timestamptz, text, text, integer),
  public.monitoring_slow_resources(timestamptz, integer) to authenticated, service_role;

-- Reports read by period: the metrics' index leads with the name, the others with the time.
create index if not exists analytics_events_page_views_idx on public.analytics_events (occurred_at desc)
  where name = 'page_view';
