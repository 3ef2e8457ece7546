-- ============================================================================
-- The audit trail (migration 20261123600000) also records the tenant portal's
-- tables that centre management writes: maintenance requests and their
-- comments, notices, and the proofs of payment that move a statement along.
-- ============================================================================
do $$
declare t text;
begin
  foreach t in array array['public.maintenance_requests', 'public.maintenance_comments', 'public.notices',
    'public.payment_proofs']
  loop
    perform private.audit_table(t::regclass);
  end loop;
end
$$;
