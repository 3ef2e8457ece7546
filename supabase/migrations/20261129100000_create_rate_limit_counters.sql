-- ============================================================================
-- Rate-limit and lock-out counters shared by every gateway on this database
-- (issue 19). One row per key (a limit's name and who it counts: an address,
-- an e-mail address, an account/address pair), a fixed window that starts at
-- the key's first hit and ends at `expires_at`. A hit is one statement:
--   insert … on conflict (key) do update … returning count, expires_at
-- so two gateways counting the same key at once serialise on its row and both
-- see the true count. Expired rows are reused in place by the next hit and
-- swept now and then by `delete … where expires_at <= now()`.
-- Lives in the private schema: the gateway alone reads and writes it.
-- ============================================================================

create table private.rate_limit_counters (
  key text primary key,
  count integer not null check (count >= 0),
  expires_at timestamptz not null
);
create index rate_limit_counters_expires_at_idx on private.rate_limit_counters (expires_at);

revoke all on private.rate_limit_counters from public, anon, authenticated, service_role;
