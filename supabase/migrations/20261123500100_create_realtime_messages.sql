-- ============================================================================
-- Realtime Authorization (issue 17, item 12), as Supabase Realtime has it.
--
-- A channel joined with `config: { private: true }` is authorised by RLS
-- policies on realtime.messages, evaluated as the joining user with
-- realtime.topic() returning the channel's name:
--   * SELECT policies decide who may receive: broadcasts (extension =
--     'broadcast') and presence (extension = 'presence'), separately;
--   * INSERT policies decide who may send broadcasts and track presence.
-- The gateway checks them with probe rows inside a transaction it rolls back,
-- so checks leave nothing behind. Example:
--
--   create policy "Shop staff can read their shop's channel"
--     on realtime.messages for select to authenticated
--     using (realtime.topic() = 'shop:' || private.current_tenant_shop_id()::text);
--
-- realtime.send() (and realtime.broadcast_changes() for row triggers) sends a
-- broadcast from the database: it inserts a message, which a trigger hands to
-- the gateways with pg_notify (only the id: the payload is read back, so it
-- may exceed NOTIFY's 8000 bytes). Messages are kept a day, then pruned.
-- ============================================================================

create table realtime.messages (
  id uuid primary key default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean not null default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now()
);
create index messages_inserted_at_idx on realtime.messages (inserted_at);
alter table realtime.messages enable row level security;

-- The API roles reach the table (RLS decides what they may do with it) and realtime.topic().
grant usage on schema realtime to anon, authenticated, service_role;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;

grant execute on function realtime.topic() to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Broadcast from the database. Runs as the caller: the insert passes the
-- caller's INSERT policies (a superuser, service_role or a SECURITY DEFINER
-- trigger function passes). A failure never breaks the caller's transaction:
-- it is reported as a warning and the message is not sent.
-- ----------------------------------------------------------------------------
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
set search_path = ''
as $$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (
      message_id,
      case when payload ? 'id' then payload else payload || jsonb_build_object('id', message_id) end,
      event,
      topic,
      private,
      'broadcast'
    );
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

-- For a row trigger: sends {record, old_record, operation, table, schema} as `event_name` on `topic_name`.
create or replace function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'
) returns void
language plpgsql
set search_path = ''
as $$
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  perform realtime.send(
    jsonb_build_object(
      'old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema
    ),
    event_name,
    topic_name
  );
end
$$;

grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role;

-- ----------------------------------------------------------------------------
-- Hand every sent broadcast to the gateways (after commit, by id). The probe
-- rows of authorisation checks carry no event and are never notified (and are
-- rolled back anyway).
-- ----------------------------------------------------------------------------
create or replace function realtime.notify_message() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.extension = 'broadcast' and new.event is not null then
    perform pg_notify('realtime_messages', new.id::text);
  end if;
  return null;
end
$$;

create trigger messages_notify after insert on realtime.messages
  for each row execute function realtime.notify_message();

create or replace function realtime.prune_messages(keep interval) returns bigint
language sql
security definer
set search_path = ''
as $$
  with gone as (
    delete from realtime.messages where inserted_at < now() - keep returning 1
  )
  select count(*) from gone
$$;

revoke all on function realtime.notify_message(), realtime.prune_messages(interval) from public;
