import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { type ListeningGateway, startListeningGateway } from '../support/listening-gateway.ts'
import { signToken, userClaims } from '../support/tokens.ts'
import { subscribe, subscribed, waitFor } from './realtime-helpers.ts'

interface Received {
  event: string
  payload?: Record<string, unknown>
  meta?: { id?: string }
}

/** A user whose token says which room they are in and what they may do there. */
function member(id: string, room: string, rights: { writer?: boolean; presence?: boolean }) {
  const claims = userClaims({ id, email: `${id.slice(-4)}@rooms.test`, role: 'tenant' })
  return signToken(
    {
      ...claims,
      app_metadata: {
        ...(claims.app_metadata as object),
        room,
        writer: rights.writer ?? false,
        presence: rights.presence ?? false,
      },
    },
    TEST_JWT_SECRET,
  )
}

// Who may do what on `room:⟨n⟩`, as an app would write it: members receive broadcasts, members
// with presence rights see and track presence, writers send.
const POLICIES = `
  create policy "Room members receive broadcasts" on realtime.messages for select to authenticated
    using (extension = 'broadcast' and realtime.topic() = 'room:' || (auth.jwt() -> 'app_metadata' ->> 'room'));
  create policy "Members with presence rights see presence" on realtime.messages for select to authenticated
    using (extension = 'presence' and realtime.topic() = 'room:' || (auth.jwt() -> 'app_metadata' ->> 'room')
           and (auth.jwt() -> 'app_metadata' ->> 'presence')::boolean);
  create policy "Writers send broadcasts" on realtime.messages for insert to authenticated
    with check (extension = 'broadcast' and realtime.topic() = 'room:' || (auth.jwt() -> 'app_metadata' ->> 'room')
                and (auth.jwt() -> 'app_metadata' ->> 'writer')::boolean);
  create policy "Members with presence rights track presence" on realtime.messages for insert to authenticated
    with check (extension = 'presence' and realtime.topic() = 'room:' || (auth.jwt() -> 'app_metadata' ->> 'room')
                and (auth.jwt() -> 'app_metadata' ->> 'presence')::boolean);
  create function public.announce(room text, note text) returns void language sql as
    $$ select realtime.send(jsonb_build_object('note', note), 'announcement', 'room:' || room) $$;
`

/**
 * Instead of a sleep before "nothing else arrived": the database broadcasts a marker to `room:1`'s
 * private members and to its public channel, and this waits until each of `lists` has it, then takes
 * the markers out. Call it once the sends under test were handled (answered, or followed by an
 * answered frame on the same socket, since a socket's frames are handled in order): anything they
 * sent was written to a listener's socket before its marker, and one socket delivers in order.
 */
async function markers(gw: ListeningGateway, ...lists: Received[][]) {
  await gw.db.query(
    `select realtime.send('{}'::jsonb, 'marker', 'room:1'), realtime.send('{}'::jsonb, 'marker', 'room:1', false)`,
  )
  await waitFor('the markers', () => lists.every((list) => list.some((m) => m.event === 'marker')))
  for (const list of lists) list.splice(0, list.length, ...list.filter((m) => m.event !== 'marker'))
}

/** Resolves once every frame `client` sent before was handled: a join is answered after them. */
let probes = 0
const handled = (client: SupabaseClient) => subscribed(client.channel(`in-order-${++probes}`))

describe.each(drivers)('realtime private channels (%s)', (driver) => {
  let gw: ListeningGateway
  const tokens = {} as Record<'writer' | 'reader' | 'quiet' | 'outsider', string>

  beforeAll(async () => {
    gw = await startListeningGateway(driver)
    await gw.db.exec(POLICIES)
    tokens.writer = await member('1a000000-0000-4000-8000-000000000001', '1', {
      writer: true,
      presence: true,
    })
    tokens.reader = await member('1a000000-0000-4000-8000-000000000002', '1', { presence: true })
    tokens.quiet = await member('1a000000-0000-4000-8000-000000000003', '1', {})
    tokens.outsider = await member('1a000000-0000-4000-8000-000000000004', '2', {
      writer: true,
      presence: true,
    })
  })
  afterAll(async () => {
    await gw?.close()
  })

  const as = (who: keyof typeof tokens) => gw.socketClient({ accessToken: tokens[who] })
  const join = (client: SupabaseClient, topic: string, got: Received[], presence = false) =>
    client
      .channel(topic, { config: { private: true, presence: { enabled: presence } } })
      .on('broadcast', { event: '*' }, (m) => got.push(m as Received))

  it('lets in who may read the topic and refuses the others with Supabase’s reason', async () => {
    const reader = join(await as('reader'), 'room:1', [])
    await subscribed(reader)
    for (const client of [await as('outsider'), await gw.socketClient()]) {
      const { status, error } = await subscribe(join(client, 'room:1', []))
      expect(status).toBe('CHANNEL_ERROR')
      expect(error?.message).toBe(
        'Unauthorized: You do not have permissions to read from this Channel topic: room:1',
      )
    }
    // The checks leave nothing behind.
    const { rows } = await gw.db.query<{ n: number }>('select count(*)::int as n from realtime.messages')
    expect(rows[0].n).toBe(0)
  })

  it('relays a broadcast only from members allowed to send, and only to private members', async () => {
    const got = {
      writer: [] as Received[],
      reader: [] as Received[],
      quiet: [] as Received[],
      pub: [] as Received[],
    }
    const readerClient = await as('reader')
    const pubClient = await gw.socketClient()
    const w = join(await as('writer'), 'room:1', got.writer)
    const r = join(readerClient, 'room:1', got.reader)
    const q = join(await as('quiet'), 'room:1', got.quiet)
    const pub = pubClient.channel('room:1').on('broadcast', { event: '*' }, (m) => got.pub.push(m))
    for (const channel of [w, r, q, pub]) await subscribed(channel)

    expect(await w.send({ type: 'broadcast', event: 'price', payload: { shop: 7 } })).toBe('ok')
    await waitFor('reader and quiet', () => got.reader.length === 1 && got.quiet.length === 1)
    expect(got.reader[0]).toMatchObject({ event: 'price', payload: { shop: 7 } })

    // The reader may receive but not send: the broadcast is dropped.
    await r.send({ type: 'broadcast', event: 'price', payload: { shop: 8 } })
    // A public channel of the same name is another channel.
    await pub.send({ type: 'broadcast', event: 'price', payload: { shop: 9 } })
    await handled(readerClient)
    await handled(pubClient)
    await markers(gw, got.writer, got.reader, got.quiet, got.pub)
    expect(got.writer).toEqual([])
    expect(got.quiet.map((m) => m.payload)).toEqual([{ shop: 7 }])
    expect(got.pub).toEqual([])
  })

  it('authorises presence apart from broadcast: reading it and tracking it', async () => {
    const got = { writer: [] as Received[], quiet: [] as Received[] }
    const w = join(await as('writer'), 'room:1', got.writer, true)
    const r = join(await as('reader'), 'room:1', [], true)
    const q = join(await as('quiet'), 'room:1', got.quiet, true)
    const seen = { writer: 0, quiet: 0 }
    w.on('presence', { event: 'sync' }, () => seen.writer++)
    q.on('presence', { event: 'sync' }, () => seen.quiet++)
    for (const channel of [w, r, q]) await subscribed(channel)

    expect(await r.track({ name: 'reader' })).toBe('ok')
    const names = (channel: RealtimeChannel) =>
      Object.values(channel.presenceState())
        .flat()
        .map((m) => (m as { name?: string }).name)
    await waitFor('the writer sees the reader', () => names(w).includes('reader'))
    // Quiet may receive broadcasts but neither see nor track presence.
    expect(await q.track({ name: 'quiet' })).toBe('error')
    await markers(gw, got.writer, got.quiet)
    expect(q.presenceState()).toEqual({})
    expect(seen.quiet).toBe(0)
    expect(names(w)).toEqual(['reader'])
  })

  it('delivers realtime.send from the database to the private (or public) channels of the topic', async () => {
    const got = { reader: [] as Received[], pub: [] as Received[] }
    await subscribed(join(await as('reader'), 'room:1', got.reader))
    const pub = (await gw.socketClient())
      .channel('room:1')
      .on('broadcast', { event: '*' }, (m) => got.pub.push(m))
    await subscribed(pub)

    await gw.db.query(`select realtime.send('{"price": 12}'::jsonb, 'price-changed', 'room:1')`)
    await waitFor('the private member', () => got.reader.length === 1)
    const message = got.reader[0]
    expect(message.event).toBe('price-changed')
    expect(message.payload).toEqual({ price: 12, id: expect.any(String) })
    expect(message.meta).toEqual({ id: message.payload?.id })

    await gw.db.query(`select realtime.send('{"open": true}'::jsonb, 'hours', 'room:1', false)`)
    await waitFor('the public subscriber', () => got.pub.length === 1)
    expect(got.pub[0].payload).toMatchObject({ open: true })
    await markers(gw, got.reader, got.pub)
    expect(got.reader).toHaveLength(1)
    expect(got.pub).toHaveLength(1)
  })

  it('sends from the database as the caller: realtime.send passes the caller’s INSERT policies', async () => {
    const got: Received[] = []
    await subscribed(join(await as('quiet'), 'room:1', got))
    const reader = await as('reader')
    const writer = await as('writer')
    // The reader may not send: the call succeeds, the message is not sent (a warning in the log).
    expect((await reader.rpc('announce', { room: '1', note: 'from the reader' })).error).toBeNull()
    expect((await writer.rpc('announce', { room: '1', note: 'from the writer' })).error).toBeNull()
    await markers(gw, got)
    expect(got.map((m) => m.payload?.note)).toEqual(['from the writer'])
  })

  it('sends private messages through the REST broadcast endpoints when the caller may write', async () => {
    const got: Received[] = []
    await subscribed(join(await as('quiet'), 'room:1', got))
    const unjoined = (client: SupabaseClient) => client.channel('room:1', { config: { private: true } })

    // send() on a channel that is not joined falls back to POST /api/broadcast (private: true).
    expect(
      await unjoined(await as('writer')).send({ type: 'broadcast', event: 'e', payload: { n: 1 } }),
    ).toBe('ok')
    expect(
      await unjoined(await as('reader')).send({ type: 'broadcast', event: 'e', payload: { n: 2 } }),
    ).toBe('ok')
    const service = await gw.socketClient({ key: gw.keys.serviceRoleKey })
    expect(await unjoined(service).send({ type: 'broadcast', event: 'e', payload: { n: 3 } })).toBe('ok')
    // httpSend() posts to /api/broadcast/⟨topic⟩/events/⟨event⟩?private=true.
    expect(await unjoined(await as('writer')).httpSend('e', { n: 4 })).toEqual({ success: true })
    expect(await unjoined(await as('outsider')).httpSend('e', { n: 5 })).toEqual({ success: true })

    await markers(gw, got)
    expect(got.map((m) => m.payload?.n).sort()).toEqual([1, 3, 4])
  })

  it('closes a private channel when a new token loses the right to read it', async () => {
    const client = await as('reader')
    const system: { status?: string; message?: string }[] = []
    const channel: RealtimeChannel = join(client, 'room:1', []).on('system', {}, (m) => system.push(m))
    await subscribed(channel)
    await client.realtime.setAuth(tokens.outsider)
    await waitFor('the system error', () => system.some((m) => m.status === 'error'))
    expect(system.find((m) => m.status === 'error')?.message).toBe(
      'You no longer have permission to read from this Channel topic: room:1',
    )
    await waitFor('the channel closed', () => channel.state === 'closed')
  })

  it('refuses message history: replay on join and persisted httpSend', async () => {
    const client = await as('reader')
    const replaying = client.channel('room:1', {
      config: { private: true, broadcast: { replay: { since: Date.now() - 60_000, limit: 10 } } },
    })
    const { status, error } = await subscribe(replaying)
    expect(status).toBe('CHANNEL_ERROR')
    expect(error?.message).toBe('UnableToReplayMessages: Replay is not supported by this server')
    const writer = (await as('writer')).channel('room:1', { config: { private: true } })
    await expect(writer.httpSend('e', { n: 1 }, { persist: true })).rejects.toThrow(
      'Message persistence is not supported by this server',
    )
  })

  it.runIf(driver === 'postgres')(
    'delivers database broadcasts sent while its LISTEN connection was lost',
    async () => {
      const got: Received[] = []
      await subscribed(join(await as('quiet'), 'room:1', got))
      await gw.db.query(`select realtime.send('{"n": 1}'::jsonb, 'tick', 'room:1')`)
      await waitFor('the first tick', () => got.length === 1)
      await gw.db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = 'genesis-listen:realtime_messages'`,
      )
      await gw.db.query(`select realtime.send('{"n": 2}'::jsonb, 'tick', 'room:1')`)
      await waitFor('the tick sent while deaf', () => got.length === 2, 15_000)
      expect(got.map((m) => m.payload?.n)).toEqual([1, 2])
    },
  )
})
