-- ============================================================================
-- Maintenance (issue 13, item 6): the tenant gets an e-mail when centre
-- management changes the status of their request. The status change is saved
-- first (REST, as before); the function `maintenance-status-mail` then mails
-- the tenant and records the outcome here, on the history row of that change,
-- so a failed mail is shown and can be resent and never undoes the change.
-- ============================================================================
alter table public.maintenance_request_events
  add column email_status text check (email_status is null or email_status in ('sent', 'failed')),
  add column email_error text,
  add column emailed_at timestamptz;
