import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { asCaller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { drivers } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { type ListeningGateway, startListeningGateway } from '../support/listening-gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'
import { subscribed, waitFor, watchChanges } from './realtime-helpers.ts'

type Frame = [string | null, string | null, string, string, Record<string, unknown>]

/** A bare Phoenix v2 client on `ws`, to see exactly what the server sends. */
async function rawSocket(gw: ListeningGateway, query = `apikey=${gw.keys.anonKey}&vsn=2.0.0`) {
  const ws = new WebSocket(`ws://127.0.0.1:${gw.port}/realtime/v1/websocket?${query}`)
  const frames: Frame[] = []
  let closed: { code: number } | undefined
  ws.on('message', (data, isBinary) => {
    if (!isBinary) frames.push(JSON.parse(data.toString()) as Frame)
  })
  ws.on('close', (code) => {
    closed = { code }
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return {
    ws,
    frames,
    closed: () => closed,
    send: (frame: Frame) => ws.send(JSON.stringify(frame)),
    reply: (ref: string) =>
      waitFor(`reply ${ref}`, () => frames.find((f) => f[1] === ref && f[3] === 'phx_reply')),
  }
}

/** The status and JSON body of a refused upgrade. */
function refusedUpgrade(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.on('unexpected-response', (_req, res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
    })
    ws.on('open', () => reject(new Error('the upgrade was accepted')))
    ws.on('error', () => undefined)
  })
}

describe.each(drivers)('realtime socket (%s)', (driver) => {
  let gw: ListeningGateway

  beforeAll(async () => {
    gw = await startListeningGateway(driver, {
      seed: true,
      env: {
        // Short enough for the silent-socket test, long enough that a loaded machine (the flood
        // test keeps this process busy) does not drop a client that beats every 200 ms.
        REALTIME_HEARTBEAT_TIMEOUT_MS: '2000',
        REALTIME_MAX_CONNECTIONS_PER_IP: '8',
        REALTIME_MAX_CHANNELS_PER_CONNECTION: '3',
      },
    })
  })
  afterAll(async () => {
    await gw?.close()
  })

  it('refuses an upgrade without a valid apikey with the §6.1 JSON errors', async () => {
    const base = `ws://127.0.0.1:${gw.port}/realtime/v1/websocket`
    expect(await refusedUpgrade(`${base}?vsn=2.0.0`)).toEqual({
      status: 401,
      body: { error: 'API key is missing' },
    })
    expect(await refusedUpgrade(`${base}?apikey=nonsense&vsn=2.0.0`)).toEqual({
      status: 401,
      body: { error: 'The token provided is not a valid JWT' },
    })
    const expired = await signToken({ role: 'anon', iss: 'supabase', exp: 1_700_000_000 }, TEST_JWT_SECRET)
    expect(await refusedUpgrade(`${base}?apikey=${expired}&vsn=2.0.0`)).toEqual({
      status: 401,
      body: { error: 'Token has expired' },
    })
    expect((await refusedUpgrade(`${base}?apikey=${gw.keys.anonKey}&vsn=3.0.0`)).status).toBe(400)
  })

  it('answers heartbeats, refuses unknown topics, and leave replies ok then phx_close', async () => {
    const s = await rawSocket(gw)
    s.send([null, '1', 'phoenix', 'heartbeat', {}])
    expect(await s.reply('1')).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
    s.send(['2', '2', 'elsewhere:lobby', 'phx_join', {}])
    expect((await s.reply('2'))[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } })
    s.send(['3', '3', 'realtime:', 'phx_join', {}])
    expect((await s.reply('3'))[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/^TopicNameRequired/) },
    })

    s.send(['4', '4', 'realtime:room', 'phx_join', { config: { postgres_changes: [] } }])
    expect(await s.reply('4')).toEqual([
      '4',
      '4',
      'realtime:room',
      'phx_reply',
      { status: 'ok', response: { postgres_changes: [] } },
    ])
    s.send(['4', '5', 'realtime:room', 'phx_leave', {}])
    expect((await s.reply('5'))[4]).toEqual({ status: 'ok', response: {} })
    const close = await waitFor('phx_close', () => s.frames.find((f) => f[3] === 'phx_close'))
    expect(close).toEqual(['4', '4', 'realtime:room', 'phx_close', {}])
    s.ws.close()
  })

  it('speaks the 1.0.0 serializer (object frames) to clients that ask for it', async () => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${gw.port}/realtime/v1/websocket?apikey=${gw.keys.anonKey}&vsn=1.0.0`,
    )
    const frames: Record<string, unknown>[] = []
    ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Record<string, unknown>))
    await new Promise((r) => ws.once('open', r))
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null }))
    ws.send(
      JSON.stringify({
        topic: 'realtime:v1',
        event: 'phx_join',
        payload: { config: { broadcast: { self: true } } },
        ref: '2',
        join_ref: '2',
      }),
    )
    ws.send(
      JSON.stringify({
        topic: 'realtime:v1',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'hi', payload: { a: 1 } },
        ref: '3',
        join_ref: '2',
      }),
    )
    await waitFor('the echoed broadcast', () => frames.find((f) => f.event === 'broadcast'))
    expect(frames[0]).toEqual({
      join_ref: null,
      ref: '1',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    })
    expect(frames.find((f) => f.event === 'broadcast')).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:v1',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hi', payload: { a: 1 } },
    })
    ws.close()
  })

  it('echoes postgres_changes in order with numeric ids, then says Subscribed to PostgreSQL', async () => {
    const s = await rawSocket(gw)
    const changes = [
      { event: '*', schema: 'public', table: 'shops', filter: 'floor=eq.Ground' },
      { event: 'INSERT', schema: 'public', table: 'enquiries' },
    ]
    s.send([
      '1',
      '1',
      'realtime:shop-updates',
      'phx_join',
      { config: { postgres_changes: changes }, access_token: gw.keys.anonKey },
    ])
    const reply = await s.reply('1')
    const echoed = (reply[4].response as { postgres_changes: Record<string, unknown>[] }).postgres_changes
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(changes)
    expect(echoed.every((e) => typeof e.id === 'number')).toBe(true)
    expect(new Set(echoed.map((e) => e.id)).size).toBe(2)
    const system = await waitFor('the system message', () => s.frames.find((f) => f[3] === 'system'))
    expect(system).toEqual([
      '1',
      null,
      'realtime:shop-updates',
      'system',
      {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: 'shop-updates',
      },
    ])
    s.ws.close()
  })

  it('refuses a join with a bad token and more channels than the limit', async () => {
    const s = await rawSocket(gw)
    const forged = await signToken(
      userClaims(DEMO.admin, { aal: 'aal2' }),
      'another-secret-that-is-long-enough-0123456789',
    )
    s.send(['1', '1', 'realtime:a', 'phx_join', { access_token: forged }])
    expect((await s.reply('1'))[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/^InvalidJWTToken: /) },
    })
    s.send(['2', '2', 'realtime:a', 'phx_join', {}])
    s.send(['3', '3', 'realtime:b', 'phx_join', {}])
    s.send(['4', '4', 'realtime:c', 'phx_join', {}])
    s.send(['5', '5', 'realtime:d', 'phx_join', {}])
    expect((await s.reply('4'))[4]).toMatchObject({ status: 'ok' })
    expect((await s.reply('5'))[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/^ChannelRateLimitReached/) },
    })
    s.ws.close()
  })

  it('drops a socket that stays silent longer than the heartbeat timeout, and keeps a beating one', async () => {
    const silent = await rawSocket(gw)
    const beating = await rawSocket(gw)
    const beat = setInterval(() => beating.send([null, String(Date.now()), 'phoenix', 'heartbeat', {}]), 200)
    try {
      await waitFor('the silent socket to be dropped', () => silent.closed(), 10_000)
      expect(beating.closed()).toBeUndefined()
    } finally {
      clearInterval(beat)
      beating.ws.close()
    }
  })

  it('drops a client that stops reading once it falls far behind, while the others keep receiving', async () => {
    const stalled = await rawSocket(gw)
    const reader = await rawSocket(gw)
    const sender = await rawSocket(gw)
    for (const [s, ref] of [
      [stalled, 'j1'],
      [reader, 'j2'],
      [sender, 'j3'],
    ] as const) {
      s.send([ref, ref, 'realtime:flood', 'phx_join', {}])
      expect((await s.reply(ref))[4]).toMatchObject({ status: 'ok' })
    }
    let received = 0
    reader.ws.on('message', (_data, isBinary) => {
      if (isBinary) received++
    })
    // All three beat (this suite's heartbeat timeout is short); the stalled client still can, as
    // writing works, but it reads nothing any more.
    stalled.ws.pause()
    const beat = setInterval(() => {
      for (const s of [stalled, reader, sender]) s.send([null, 'hb', 'phoenix', 'heartbeat', {}])
    }, 200)
    try {
      const total = 30_000
      const filler = 'x'.repeat(1000)
      for (let i = 0; i < total; i++) {
        sender.send([
          null,
          null,
          'realtime:flood',
          'broadcast',
          { type: 'broadcast', event: 'flood', payload: { i, filler } },
        ])
        // The reader lives in this process too: let it read between batches, as a real one would.
        if (i % 200 === 199) await new Promise((r) => setImmediate(r))
      }
      await waitFor('the stalled client to be dropped', () => stalled.closed(), 30_000)
      await waitFor('the reader to get every broadcast', () => received === total, 30_000)
      // Dropped without a close handshake: its close frame would have queued behind the backlog.
      expect(stalled.closed()?.code).toBe(1006)
      expect(reader.closed()).toBeUndefined()
    } finally {
      clearInterval(beat)
      for (const s of [reader, sender, stalled]) s.ws.terminate()
    }
  }, 60_000)

  it('refuses connections beyond the per-IP limit with 429 Too many connected users', async () => {
    const open = await Promise.all(Array.from({ length: 8 }, () => rawSocket(gw)))
    const beat = setInterval(() => {
      for (const s of open) s.send([null, '0', 'phoenix', 'heartbeat', {}])
    }, 200)
    try {
      const refused = await refusedUpgrade(
        `ws://127.0.0.1:${gw.port}/realtime/v1/websocket?apikey=${gw.keys.anonKey}&vsn=2.0.0`,
      )
      expect(refused).toEqual({ status: 429, body: { error: 'Too many connected users' } })
    } finally {
      clearInterval(beat)
      for (const s of open) s.ws.close()
    }
    await waitFor('the sockets to be released', () => open.every((s) => s.closed()))
  })

  it('a token that expires closes the channel with a system error; delivery stops', async () => {
    const now = Math.floor(Date.now() / 1000)
    const shortLived = await signToken(
      { ...userClaims(DEMO.admin, { aal: 'aal2' }), exp: now + 2 },
      TEST_JWT_SECRET,
    )
    const admin = await gw.socketClient({ accessToken: shortLived, heartbeatIntervalMs: 200 })
    const systems: Record<string, unknown>[] = []
    const statuses: string[] = []
    const { channel, events } = watchChanges(admin, 'expiring', {
      event: 'INSERT',
      schema: 'public',
      table: 'enquiries',
    })
    channel.on('system', {}, (p) => systems.push(p))
    channel.subscribe((status) => statuses.push(status))
    await waitFor('subscribed', () => statuses.includes('SUBSCRIBED'))
    await insertEnquiry('before expiry')
    await waitFor('the first enquiry', () => events[0])
    await waitFor('the channel to close', () => statuses.includes('CLOSED'), 6000)
    expect(systems.find((s) => s.status === 'error')).toMatchObject({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
      channel: 'expiring',
    })
    // A witness with a valid token on the same table: once it has both later rows, the feed has
    // delivered them to every channel that could still receive them.
    const witnessToken = await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET)
    const witnessClient = await gw.socketClient({ accessToken: witnessToken })
    const witness = watchChanges(witnessClient, 'witness', {
      event: 'INSERT',
      schema: 'public',
      table: 'enquiries',
    })
    await subscribed(witness.channel)
    await insertEnquiry('after expiry')
    await insertEnquiry('still after expiry')
    await waitFor('the witness to see both later rows', () => witness.events.length >= 2)
    expect(witness.events.map((e) => e.new.name)).toEqual(['after expiry', 'still after expiry'])
    expect(events.map((e) => e.new.name)).toEqual(['before expiry'])
    admin.realtime.disconnect()
  })

  it('an access_token update to a forged token closes the channel; signing out stops delivery', async () => {
    const s = await rawSocket(gw)
    const beat = setInterval(() => s.send([null, '0', 'phoenix', 'heartbeat', {}]), 200)
    try {
      const adminToken = await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET)
      const join = (topic: string, ref: string) =>
        s.send([
          ref,
          ref,
          topic,
          'phx_join',
          {
            config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'enquiries' }] },
            access_token: adminToken,
          },
        ])
      join('realtime:forged', '1')
      join('realtime:signed-out', '2')
      join('realtime:still-admin', '3')
      await s.reply('1')
      await s.reply('2')
      await s.reply('3')
      const forged = await signToken(
        userClaims(DEMO.admin, { aal: 'aal2' }),
        'another-secret-that-is-long-enough-0123456789',
      )
      s.send(['1', '4', 'realtime:forged', 'access_token', { access_token: forged }])
      const system = await waitFor('the system error', () =>
        s.frames.find((f) => f[2] === 'realtime:forged' && f[3] === 'system' && f[4].status === 'error'),
      )
      expect(system[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'forged' })
      await waitFor('phx_close', () =>
        s.frames.find((f) => f[2] === 'realtime:forged' && f[3] === 'phx_close'),
      )

      // Signing out: the client sends the project key; that channel now acts as anon.
      s.send(['2', '5', 'realtime:signed-out', 'access_token', { access_token: gw.keys.anonKey }])
      s.send([null, 'sync', 'phoenix', 'heartbeat', {}])
      await s.reply('sync')
      await insertEnquiry('only the admin channel may see this')
      // Frames of one socket leave in order: once the admin channel has it, any copy for the
      // signed-out or closed channel would already have arrived.
      await waitFor('the admin channel’s event', () =>
        s.frames.find((f) => f[2] === 'realtime:still-admin' && f[3] === 'postgres_changes'),
      )
      const changeTopics = s.frames.filter((f) => f[3] === 'postgres_changes').map((f) => f[2])
      expect(changeTopics).toEqual(['realtime:still-admin'])
    } finally {
      clearInterval(beat)
      s.ws.close()
    }
  })

  it('after a gateway restart the client reconnects, rejoins and receives changes again', async () => {
    const admin = await gw.socketClient({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
      heartbeatIntervalMs: 200,
    })
    const { channel, events } = watchChanges(admin, 'survives-restart', {
      event: 'INSERT',
      schema: 'public',
      table: 'enquiries',
    })
    await subscribed(channel)
    await insertEnquiry('before restart')
    await waitFor('the first enquiry', () => events.find((e) => e.new.name === 'before restart'))
    await gw.stopServer()
    await gw.restartServer()
    // The client retries after 1 s, 2 s, 5 s …; wait for the rejoin, then write.
    await waitFor('the rejoin', () => admin.realtime.isConnected() && channel.state === 'joined', 15_000)
    await insertEnquiry('after restart')
    await waitFor('the enquiry after the restart', () => events.find((e) => e.new.name === 'after restart'))
    await admin.removeAllChannels()
  }, 30_000)

  async function insertEnquiry(name: string) {
    await asCaller(gw.db, SERVICE_ROLE, (tx) =>
      tx.query(`insert into public.enquiries (kind, name, email) values ('contact', $1, 'x@example.com')`, [
        name,
      ]),
    )
  }
})
