-- ============================================================================
-- Data-subject requests (issue 20): the find also shows the newsletter's consent
-- history (the append-only ledger of issue 14, where present: read through
-- dynamic SQL, so this works whichever of the two migrations a database has), and
-- never exports a subscriber's confirmation token (a sign-in-like secret).
-- The erasure leaves the ledger as it is: it is the proof of consent the
-- newsletter keeps (append-only by its own trigger).
-- ============================================================================
create or replace function public.privacy_find_person(query text) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  s record;
  consent jsonb := '[]';
begin
  perform private.require_privacy_admin();
  s := private.privacy_subject(query);
  -- The newsletter's consent ledger (issue 14), where this database has it: every opt-in and
  -- opt-out recorded for the address or for one of its subscriber rows.
  if to_regclass('public.newsletter_consent_events') is not null and s.subject_kind = 'email' then
    execute 'select coalesce(jsonb_agg(to_jsonb(c) order by c.occurred_at, c.id), ''[]'')
               from public.newsletter_consent_events c
              where lower(btrim(c.email)) = $1 or c.subscriber_id = any ($2)'
      into consent using s.needle, s.subscriber_ids;
  end if;
  return jsonb_build_object(
    'subject', jsonb_build_object('kind', s.subject_kind, 'value', s.needle),
    'enquiries', (select coalesce(jsonb_agg(to_jsonb(e) order by e.created_at), '[]') from public.enquiries e
                   where e.id = any (s.enquiry_ids)),
    'newsletter_subscribers', (select coalesce(jsonb_agg(to_jsonb(n) - 'unsubscribe_token' - 'confirm_token' order by n.created_at), '[]')
                   from public.newsletter_subscribers n where n.id = any (s.subscriber_ids)),
    'consent_history', consent,
    'tenants', (select coalesce(jsonb_agg(to_jsonb(t) order by t.created_at), '[]') from public.tenants t
                   where t.id = any (s.tenant_ids)),
    'accounts', (select coalesce(jsonb_agg(jsonb_build_object(
                     'id', u.id, 'email', u.email, 'phone', u.phone, 'role', u.raw_app_meta_data ->> 'role',
                     'user_metadata', u.raw_user_meta_data, 'created_at', u.created_at,
                     'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at,
                     'banned_until', u.banned_until, 'is_admin', u.id = any (s.admin_user_ids))
                   order by u.created_at), '[]') from auth.users u where u.id = any (s.user_ids)),
    'maintenance_requests', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]')
                   from public.maintenance_requests r where r.id = any (s.request_ids)),
    'maintenance_comments', (select coalesce(jsonb_agg(to_jsonb(c) order by c.created_at), '[]')
                   from public.maintenance_comments c where c.id = any (s.comment_ids)),
    'maintenance_photos', (select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name,
                     'created_at', o.created_at) order by o.created_at), '[]')
                   from storage.objects o, public.maintenance_requests r
                   where r.id = any (s.request_ids) and o.bucket_id = 'maintenance-photos'
                     and o.name like r.tenant_id::text || '/' || r.id::text || '/%'),
    'monitoring', (select coalesce(jsonb_agg(m.row order by m.at), '[]') from (
                     select jsonb_build_object('table', 'analytics_events') || to_jsonb(a) as row, a.created_at as at
                       from public.analytics_events a where a.user_id = any (s.user_ids)
                     union all
                     select jsonb_build_object('table', 'monitoring_errors') || to_jsonb(x), x.created_at
                       from public.monitoring_errors x where x.user_id = any (s.user_ids)
                     union all
                     select jsonb_build_object('table', 'monitoring_metrics') || to_jsonb(mm), mm.created_at
                       from public.monitoring_metrics mm where mm.user_id = any (s.user_ids)) m),
    'statements', (select coalesce(jsonb_agg(st.row order by st.period), '[]') from (
                     select jsonb_build_object('kind', 'rental') || to_jsonb(r) as row, r.period
                       from public.rental_statements r where r.tenant_id = any (s.tenant_ids)
                     union all
                     select jsonb_build_object('kind', 'utility') || to_jsonb(u), u.period
                       from public.utility_statements u where u.tenant_id = any (s.tenant_ids)) st),
    'payment_proofs', (select coalesce(jsonb_agg(to_jsonb(p) order by p.created_at), '[]')
                   from public.payment_proofs p where p.tenant_id = any (s.tenant_ids))
  );
end
$$;

revoke all on function public.privacy_find_person(text) from public, anon, service_role;
grant execute on function public.privacy_find_person(text) to authenticated;
