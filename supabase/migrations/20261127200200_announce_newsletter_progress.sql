-- ============================================================================
-- Newsletter progress over realtime (issue 14): the deliveries are not watched
-- by realtime (thousands of worker writes a minute, migration 20261124600000),
-- so the back office polled the counts every two seconds while an issue sent.
-- Instead, after each batch the worker touches the issue's row in
-- public.newsletters (watched by realtime since migration 20261122140000):
-- only `updated_at` moves (the worker does it at most about once a second per
-- issue, and after the last batch of a run), which the audit recorder leaves out (nothing but the timestamp changed) and which reaches
-- every admin watching through postgres_changes under the table's RLS. The
-- back office then reads the counts again.
-- ============================================================================
create or replace function public.newsletter_announce_progress(issues uuid[]) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  touched integer;
begin
  perform set_config('newsletter.via', 'sender', true);
  update public.newsletters n
     set updated_at = now()
   where n.id = any (issues) and n.status in ('sending', 'sent');
  get diagnostics touched = row_count;
  perform set_config('newsletter.via', '', true);
  return touched;
end
$$;
revoke all on function public.newsletter_announce_progress(uuid[]) from public, anon, authenticated;
grant execute on function public.newsletter_announce_progress(uuid[]) to service_role;
