import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import type { Database } from '../../src/database/types.ts'
import { createDeps } from '../../src/deps.ts'
import { drivers } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { type ListeningGateway, startListeningGateway } from '../support/listening-gateway.ts'
import { signToken, userClaims } from '../support/tokens.ts'
import { subscribe, subscribed, waitFor } from './realtime-helpers.ts'

/**
 * Several gateways on one PostgreSQL (issue 19, decision 026): broadcast and presence of a client
 * connected to one instance reach clients connected to another, through the database. Instance A
 * is the usual listening test gateway; instance B is a second app with its own connection pool,
 * its own realtime hub and its own port, on A's database. PostgreSQL only (PGlite is one process);
 * under CI the PostgreSQL half is required (global-setup.ts), so this never skips there.
 */

interface Received {
  event: string
  payload?: unknown
}

interface Instance {
  url: string
  socketClient(options?: { accessToken?: string }): Promise<SupabaseClient>
  /** Stops the server and the app (its realtime hub says goodbye), keeps the database. */
  stop(): Promise<void>
  close(): Promise<void>
}

/** A second gateway instance on the database of `gw`. */
async function secondInstance(gw: ListeningGateway): Promise<Instance> {
  const { rows } = await gw.db.query<{ name: string }>('select current_database() as name')
  const url = new URL(process.env.TEST_DATABASE_URL ?? '')
  url.pathname = `/${rows[0].name}`
  const db: Database = await openPostgres(url.toString(), 4)
  const built: Gateway = createApp(createDeps({ config: gw.config, db, keys: gw.keys }))
  const { promise, resolve } = Promise.withResolvers<AddressInfo>()
  const server = serve(
    { fetch: built.app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: built.websocket } },
    (info) => resolve(info),
  )
  const base = `http://127.0.0.1:${(await promise).port}`
  const clients: SupabaseClient[] = []
  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= (async () => {
      for (const client of clients) client.realtime.disconnect()
      const closed = new Promise<void>((done) => server.close(() => done()))
      await built.stop()
      if ('closeAllConnections' in server) server.closeAllConnections()
      await closed
    })()
    return stopped
  }
  return {
    url: base,
    async socketClient(options = {}) {
      const { accessToken } = options
      const client = createClient(base, gw.keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        ...(accessToken ? { accessToken: async () => accessToken } : {}),
      })
      clients.push(client)
      await client.realtime.setAuth()
      return client
    },
    stop,
    async close() {
      await stop()
      await db.close()
    },
  }
}

// Skipped only without TEST_DATABASE_URL, which global-setup.ts refuses under CI.
const withoutPostgres = !drivers.includes('postgres')
const driver = 'postgres'

describe.skipIf(withoutPostgres)('realtime across two gateway instances on one PostgreSQL', () => {
  let a: ListeningGateway
  let b: Instance

  beforeAll(async () => {
    // Instances beat every 200 ms, so one that falls silent is gone after 600 ms.
    a = await startListeningGateway(driver, { env: { REALTIME_INSTANCE_BEAT_MS: '200' } })
    b = await secondInstance(a)
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('a broadcast from a client on A reaches a client on B, and A’s clients once', async () => {
    const got = { self: [] as Received[], onA: [] as Received[], onB: [] as Received[] }
    const sender = (await a.socketClient())
      .channel('prices', { config: { broadcast: { self: true } } })
      .on('broadcast', { event: '*' }, (m) => got.self.push(m))
    const onA = (await a.socketClient())
      .channel('prices')
      .on('broadcast', { event: '*' }, (m) => got.onA.push(m))
    const onB = (await b.socketClient())
      .channel('prices')
      .on('broadcast', { event: '*' }, (m) => got.onB.push(m))
    for (const channel of [sender, onA, onB]) await subscribed(channel)

    await sender.send({ type: 'broadcast', event: 'price-changed', payload: { shop: 7, price: 12.5 } })
    const first = await waitFor('the price on B', () => got.onB[0])
    expect(first).toMatchObject({ event: 'price-changed', payload: { shop: 7, price: 12.5 } })

    // Instead of a sleep before "not twice": B answers with a marker. A would hear its own message
    // back (committed before the marker, and NOTIFY delivers in commit order) before the marker.
    await onB.send({ type: 'broadcast', event: 'marker', payload: {} })
    await waitFor('the marker on A', () => got.onA.some((m) => m.event === 'marker'))
    await waitFor('the marker at the sender', () => got.self.some((m) => m.event === 'marker'))
    expect(got.onA.map((m) => m.event)).toEqual(['price-changed', 'marker'])
    expect(got.self.map((m) => m.event)).toEqual(['price-changed', 'marker'])
    // B's own marker does not come back to B either (it did not ask for self).
    expect(got.onB.map((m) => m.event)).toEqual(['price-changed'])
  })

  it('raw bytes and a message larger than a notification travel whole', async () => {
    const got: Received[] = []
    const sender = (await a.socketClient()).channel('large')
    const onB = (await b.socketClient()).channel('large').on('broadcast', { event: '*' }, (m) => got.push(m))
    await subscribed(sender)
    await subscribed(onB)
    const text = 'é'.repeat(20_000)
    await sender.send({ type: 'broadcast', event: 'big', payload: { text } })
    await sender.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([0, 1, 2, 255]).buffer })
    await sender.send({ type: 'broadcast', event: 'small', payload: { n: 1 } })
    await waitFor('all three on B', () => got.length === 3)
    // In the order sent, although the large one was read back from the database.
    expect(got.map((m) => m.event)).toEqual(['big', 'bytes', 'small'])
    expect((got[0].payload as { text: string }).text).toBe(text)
    expect([...new Uint8Array(got[1].payload as ArrayBuffer)]).toEqual([0, 1, 2, 255])
  })

  it('a broadcast through A’s REST endpoint reaches B', async () => {
    const got: Received[] = []
    const onB = (await b.socketClient())
      .channel('notices')
      .on('broadcast', { event: '*' }, (m) => got.push(m))
    await subscribed(onB)
    const response = await fetch(`${a.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: a.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'notices', event: 'closing', payload: { at: '21:00' } }] }),
    })
    expect(response.status).toBe(202)
    // And supabase-js's own fallback: send() on a channel that is not joined.
    const notJoined = (await a.socketClient()).channel('notices')
    expect(await notJoined.send({ type: 'broadcast', event: 'opening', payload: { at: '09:00' } })).toBe('ok')
    await waitFor('both notices on B', () => got.length === 2)
    expect(got).toMatchObject([
      { event: 'closing', payload: { at: '21:00' } },
      { event: 'opening', payload: { at: '09:00' } },
    ])
  })

  it('presence lists the clients of both instances; one leaving B leaves A’s view too', async () => {
    const onA = (await a.socketClient()).channel('lobby', {
      config: { presence: { key: 'ann', enabled: true } },
    })
    const onB = (await b.socketClient()).channel('lobby', {
      config: { presence: { key: 'ben', enabled: true } },
    })
    const watcherOnB = (await b.socketClient()).channel('lobby', {
      config: { presence: { key: 'watcher', enabled: true } },
    })
    for (const channel of [onA, onB, watcherOnB]) await subscribed(channel)
    expect(await onA.track({ user: 'Ann' })).toBe('ok')
    expect(await onB.track({ user: 'Ben' })).toBe('ok')

    await waitFor('Ann and Ben on A', () => onA.presenceState().ann && onA.presenceState().ben)
    await waitFor('Ann and Ben on B', () => watcherOnB.presenceState().ann && watcherOnB.presenceState().ben)
    expect(onA.presenceState().ben).toMatchObject([{ user: 'Ben' }])
    expect(watcherOnB.presenceState().ann).toMatchObject([{ user: 'Ann' }])

    // An update from B replaces Ben's entry on A (one entry, the new one).
    expect(await onB.track({ user: 'Ben', status: 'away' })).toBe('ok')
    await waitFor('Ben away on A', () => onA.presenceState().ben?.some((p) => 'status' in p))
    expect(onA.presenceState().ben).toHaveLength(1)

    // A client joining A later gets both in its first state.
    const late = (await a.socketClient()).channel('lobby', {
      config: { presence: { key: 'late', enabled: true } },
    })
    await subscribed(late)
    await waitFor('both in the late state', () => late.presenceState().ann && late.presenceState().ben)

    await onB.unsubscribe()
    await waitFor('Ben gone from A', () => !onA.presenceState().ben)
    await waitFor('Ben gone from B', () => !watcherOnB.presenceState().ben)
    expect(onA.presenceState().ann).toBeDefined()
  })

  it('an instance that stops takes its clients’ presence with it', async () => {
    const third = await secondInstance(a)
    try {
      const onA = (await a.socketClient()).channel('foyer', {
        config: { presence: { key: 'ann', enabled: true } },
      })
      const onThird = (await third.socketClient()).channel('foyer', {
        config: { presence: { key: 'cid', enabled: true } },
      })
      await subscribed(onA)
      await subscribed(onThird)
      expect(await onThird.track({ user: 'Cid' })).toBe('ok')
      await waitFor('Cid on A', () => onA.presenceState().cid)
      await third.stop()
      await waitFor('Cid gone from A', () => !onA.presenceState().cid)
    } finally {
      await third.close()
    }
  })

  it('the presence of an instance that falls silent (it crashed) leaves after three beats', async () => {
    const onA = (await a.socketClient()).channel('atrium', {
      config: { presence: { key: 'ann', enabled: true } },
    })
    await subscribed(onA)
    // A "ghost" instance announces one client and is never heard from again.
    const ghost = {
      o: 'ghost-instance',
      n: 1,
      e: {
        t: 'presence',
        route: 'realtime:atrium',
        joins: { gus: { metas: [{ phx_ref: 'ghost-ref-1', user: 'Gus' }] } },
        leaves: {},
      },
    }
    await a.db.query(`select pg_notify('realtime_relay', $1)`, [JSON.stringify(ghost)])
    await waitFor('Gus on A', () => onA.presenceState().gus)
    await waitFor('Gus gone from A', () => !onA.presenceState().gus)
  })

  it('instances that lost their LISTEN connection listen again and catch up on presence', async () => {
    const onA = (await a.socketClient()).channel('gallery', {
      config: { presence: { key: 'ann', enabled: true } },
    })
    const got: Received[] = []
    const onB = (await b.socketClient())
      .channel('gallery', { config: { presence: { key: 'ben', enabled: true } } })
      .on('broadcast', { event: 'after' }, (m) => got.push(m))
    await subscribed(onA)
    await subscribed(onB)
    expect(await onA.track({ user: 'Ann' })).toBe('ok')
    await waitFor('Ann on B', () => onB.presenceState().ann)
    // Both instances' relay connections die (as in a server restart); they listen again after
    // half a second. An update made meanwhile is not heard by B, unless B is already back: either
    // way, B ends up with it (after listening again, each instance asks for the others' state).
    const terminate = `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
       where datname = current_database() and application_name = 'genesis-listen:realtime_relay'`
    const { rows } = await a.db.query<{ n: number }>(terminate)
    expect(rows[0].n).toBe(2)
    expect(await onA.track({ user: 'Ann', status: 'away' })).toBe('ok')
    await waitFor('Ann away on B', () => onB.presenceState().ann?.some((p) => 'status' in p), 15_000)
    expect(onB.presenceState().ann).toHaveLength(1)
    // B hears A again, so broadcasts flow again too.
    await onA.send({ type: 'broadcast', event: 'after', payload: {} })
    await waitFor('the broadcast after the loss', () => got[0])
  })

  it('nobody but the gateway reads or writes relayed messages', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const sql of ['select * from realtime.relay', `insert into realtime.relay (body) values ('{}')`]) {
        const outcome = await a.db
          .transaction(async (tx) => {
            await tx.query(`set local role ${role}`)
            await tx.query(sql)
            return 'allowed'
          })
          .catch((error: { code?: string }) => error.code)
        expect(outcome, `${role}: ${sql}`).toBe('42501')
      }
    }
  })
})

// Who may do what on the private channel `hall`: listeners receive broadcasts, every signed-in
// user may see and track presence (so a non-listener can join), writers send.
const POLICIES = `
  create policy "Listeners receive hall broadcasts" on realtime.messages for select to authenticated
    using (extension = 'broadcast' and realtime.topic() = 'hall'
           and (auth.jwt() -> 'app_metadata' ->> 'listener')::boolean);
  create policy "Signed-in users see hall presence" on realtime.messages for select to authenticated
    using (extension = 'presence' and realtime.topic() = 'hall');
  create policy "Signed-in users track hall presence" on realtime.messages for insert to authenticated
    with check (extension = 'presence' and realtime.topic() = 'hall');
  create policy "Writers send hall broadcasts" on realtime.messages for insert to authenticated
    with check (extension = 'broadcast' and realtime.topic() = 'hall'
                and (auth.jwt() -> 'app_metadata' ->> 'writer')::boolean);
`

function user(n: number, rights: { listener?: boolean; writer?: boolean }) {
  const claims = userClaims({
    id: `2b000000-0000-4000-8000-00000000000${n}`,
    email: `u${n}@hall.test`,
    role: 'tenant',
  })
  return signToken(
    {
      ...claims,
      app_metadata: {
        ...(claims.app_metadata as object),
        listener: rights.listener ?? false,
        writer: rights.writer ?? false,
      },
    },
    TEST_JWT_SECRET,
  )
}

describe.skipIf(withoutPostgres)('private channels across two instances on one PostgreSQL', () => {
  let a: ListeningGateway
  let b: Instance

  beforeAll(async () => {
    a = await startListeningGateway(driver)
    await a.db.exec(POLICIES)
    b = await secondInstance(a)
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('a private broadcast from A reaches only B’s clients whose policies let them read it', async () => {
    const got = { listener: [] as Received[], deaf: [] as Received[], pub: [] as Received[] }
    const joinHall = (client: SupabaseClient, list: Received[]) =>
      client
        .channel('hall', { config: { private: true, presence: { enabled: true } } })
        .on('broadcast', { event: '*' }, (m) => list.push(m))
    const writer = joinHall(await a.socketClient({ accessToken: await user(1, { writer: true }) }), [])
    const listener = joinHall(
      await b.socketClient({ accessToken: await user(2, { listener: true }) }),
      got.listener,
    )
    // Joined (it may see presence) but its policies do not let it read broadcasts.
    const deaf = joinHall(await b.socketClient({ accessToken: await user(3, {}) }), got.deaf)
    const pub = (await b.socketClient())
      .channel('hall')
      .on('broadcast', { event: '*' }, (m) => got.pub.push(m))
    for (const channel of [writer, listener, deaf, pub]) await subscribed(channel)
    // An anonymous client may not join the private channel at all, on B as on A.
    const refused = await subscribe(
      (await b.socketClient()).channel('hall', { config: { private: true, presence: { enabled: true } } }),
    )
    expect(refused.status).toBe('CHANNEL_ERROR')

    expect(await writer.send({ type: 'broadcast', event: 'secret', payload: { code: 42 } })).toBe('ok')
    await waitFor('the secret at the listener on B', () => got.listener[0])
    expect(got.listener[0]).toMatchObject({ event: 'secret', payload: { code: 42 } })

    // Markers sent from A after the secret, through the same relay, in order: once the deaf member
    // sees the writer's presence and the public subscriber a public broadcast, the secret would
    // have reached them before.
    expect(await writer.track({ user: 'writer' })).toBe('ok')
    const publicSender = (await a.socketClient()).channel('hall')
    await subscribed(publicSender)
    await publicSender.send({ type: 'broadcast', event: 'public-marker', payload: {} })
    await waitFor('the writer in the deaf member’s presence', () =>
      Object.values(deaf.presenceState()).some((metas) =>
        metas.some((m) => 'user' in m && m.user === 'writer'),
      ),
    )
    await waitFor('the public marker', () => got.pub.some((m) => m.event === 'public-marker'))
    expect(got.deaf).toEqual([])
    expect(got.pub.map((m) => m.event)).toEqual(['public-marker'])
    expect(got.listener.map((m) => m.event)).toEqual(['secret'])
  })

  it('a private broadcast through A’s REST endpoint reaches B’s listener only when the caller may send', async () => {
    const got: Received[] = []
    const listener = (await b.socketClient({ accessToken: await user(4, { listener: true }) }))
      .channel('hall', { config: { private: true } })
      .on('broadcast', { event: '*' }, (m) => got.push(m))
    await subscribed(listener)
    const post = async (token: string, event: string) => {
      const response = await fetch(`${a.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: {
          apikey: a.keys.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ messages: [{ topic: 'hall', event, payload: {}, private: true }] }),
      })
      expect(response.status).toBe(202)
    }
    // Refused on A (no INSERT policy for this user), then allowed: only the second arrives on B.
    await post(await user(5, { listener: true }), 'not-allowed')
    await post(await user(6, { writer: true }), 'allowed')
    await waitFor('the allowed message on B', () => got.some((m) => m.event === 'allowed'))
    expect(got.map((m) => m.event)).toEqual(['allowed'])
  })
})
