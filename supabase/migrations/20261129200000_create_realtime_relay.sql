-- ============================================================================
-- Broadcast and presence between gateway instances on one database
-- (docs/decisions/026). Each instance NOTIFYs what its clients broadcast and
-- how its presence changed on channel 'realtime_relay', tagged with its own
-- instance id; the other instances LISTEN and deliver to their own sockets.
-- A message too large for NOTIFY's 8000-byte payload is written here and only
-- its id is notified; rows are read back within moments and pruned after a
-- minute. Only the gateway's own login role (the owner) touches this table:
-- who may receive a message is decided by each receiving instance exactly as
-- for its local clients (private channels: RLS on realtime.messages).
-- ============================================================================

create table realtime.relay (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default clock_timestamp()
);
create index relay_created_at_idx on realtime.relay (created_at);
revoke all on realtime.relay from public, anon, authenticated, service_role;
