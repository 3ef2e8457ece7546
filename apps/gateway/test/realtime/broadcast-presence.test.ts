import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { type ListeningGateway, startListeningGateway } from '../support/listening-gateway.ts'
import { subscribed, waitFor } from './realtime-helpers.ts'

interface Received {
  event: string
  payload?: unknown
}

describe.each(drivers)('realtime broadcast and presence (%s)', (driver) => {
  let gw: ListeningGateway

  beforeAll(async () => {
    gw = await startListeningGateway(driver, { env: { REALTIME_MAX_MESSAGE_BYTES: '2048' } })
  })
  afterAll(async () => {
    await gw?.close()
  })

  it('a broadcast reaches the other client and not the sender, unless the sender asked for self', async () => {
    const alice = await gw.socketClient()
    const bob = await gw.socketClient()
    const carol = await gw.socketClient()
    const got = { alice: [] as Received[], bob: [] as Received[], carol: [] as Received[] }
    const a = alice.channel('prices').on('broadcast', { event: 'price-changed' }, (m) => got.alice.push(m))
    const b = bob.channel('prices').on('broadcast', { event: '*' }, (m) => got.bob.push(m))
    const c = carol
      .channel('prices', { config: { broadcast: { self: true } } })
      .on('broadcast', { event: 'price-changed' }, (m) => got.carol.push(m))
    await subscribed(a)
    await subscribed(b)
    await subscribed(c)

    expect(
      await a.send({ type: 'broadcast', event: 'price-changed', payload: { shop: 7, price: 12.5 } }),
    ).toBe('ok')
    await waitFor('bob and carol', () => got.bob.length === 1 && got.carol.length === 1)
    expect(got.bob[0]).toMatchObject({
      type: 'broadcast',
      event: 'price-changed',
      payload: { shop: 7, price: 12.5 },
    })

    expect(await c.send({ type: 'broadcast', event: 'price-changed', payload: { shop: 8 } })).toBe('ok')
    await waitFor('carol’s own message', () => got.carol.length === 2)
    await waitFor('alice and bob', () => got.alice.length === 1 && got.bob.length === 2)
    expect(got.carol[1].payload).toEqual({ shop: 8 })
    // Alice never hears her own message (she did not ask for self).
    expect(got.alice.map((m) => m.payload)).toEqual([{ shop: 8 }])
    await alice.removeAllChannels()
    await bob.removeAllChannels()
    await carol.removeAllChannels()
  })

  it('a burst of broadcasts reaches every listener complete and in order', async () => {
    // The gateway coalesces the frames a socket gets within one turn of the event loop into one
    // write: a burst is where a lost, reordered or torn frame would show.
    const sender = await gw.socketClient()
    const listeners = await Promise.all([gw.socketClient(), gw.socketClient(), gw.socketClient()])
    const s = sender.channel('burst')
    const received = listeners.map(() => [] as number[])
    const channels = listeners.map((client, i) =>
      client.channel('burst').on('broadcast', { event: 'tick' }, (m) => {
        received[i].push((m.payload as { n: number }).n)
      }),
    )
    await subscribed(s)
    for (const ch of channels) await subscribed(ch)
    const burst = Array.from({ length: 300 }, (_, n) => n)
    await Promise.all(burst.map((n) => s.send({ type: 'broadcast', event: 'tick', payload: { n } })))
    await waitFor('every tick at every listener', () => received.every((r) => r.length === burst.length))
    for (const r of received) expect(r).toEqual(burst)
    for (const client of [sender, ...listeners]) await client.removeAllChannels()
  })

  it('raw bytes travel as binary and arrive as bytes', async () => {
    const alice = await gw.socketClient()
    const bob = await gw.socketClient()
    const got: Received[] = []
    const a = alice.channel('bytes')
    const b = bob.channel('bytes').on('broadcast', { event: 'blob' }, (m) => got.push(m))
    await subscribed(a)
    await subscribed(b)
    const bytes = new Uint8Array([0, 1, 2, 250, 255])
    await a.send({ type: 'broadcast', event: 'blob', payload: bytes.buffer })
    const message = await waitFor('the bytes', () => got[0])
    expect(message.payload).toBeInstanceOf(ArrayBuffer)
    expect([...new Uint8Array(message.payload as ArrayBuffer)]).toEqual([0, 1, 2, 250, 255])
    await alice.removeAllChannels()
    await bob.removeAllChannels()
  })

  it('with ack the sender gets the server’s ok, and an error for a message over the size limit', async () => {
    const alice = await gw.socketClient()
    const bob = await gw.socketClient()
    const got: Received[] = []
    const a = alice.channel('acked', { config: { broadcast: { ack: true } } })
    const b = bob.channel('acked').on('broadcast', { event: 'note' }, (m) => got.push(m))
    await subscribed(a)
    await subscribed(b)
    expect(await a.send({ type: 'broadcast', event: 'note', payload: { text: 'hi' } })).toBe('ok')
    await waitFor('the small note', () => got[0])
    expect(await a.send({ type: 'broadcast', event: 'note', payload: { text: 'x'.repeat(5000) } })).toBe(
      'error',
    )
    expect(await a.send({ type: 'broadcast', event: 'note', payload: { text: 'after' } })).toBe('ok')
    await waitFor('the note after', () => got.length === 2)
    expect(got.map((m) => (m.payload as { text: string }).text)).toEqual(['hi', 'after'])
    await alice.removeAllChannels()
    await bob.removeAllChannels()
  })

  it('the REST endpoints (send() before joining, httpSend()) broadcast to joined channels', async () => {
    const bob = await gw.socketClient()
    const got: Received[] = []
    const b = bob.channel('announcements').on('broadcast', { event: 'notice' }, (m) => got.push(m))
    await subscribed(b)
    const sender = await gw.socketClient()
    // Not joined: supabase-js falls back to POST /realtime/v1/api/broadcast.
    const fallback = await sender
      .channel('announcements')
      .send({ type: 'broadcast', event: 'notice', payload: { n: 1 } })
    expect(fallback).toBe('ok')
    await waitFor('the first notice', () => got[0])
    const result = await sender
      .channel('announcements')
      .httpSend('notice', { text: 'Parking closed on Sunday' })
    expect(result).toMatchObject({ success: true })
    const message = await waitFor('the second notice', () => got[1])
    expect(got[0].payload).toEqual({ n: 1 })
    expect(message.payload).toEqual({ text: 'Parking closed on Sunday' })
    const refused = await fetch(`${gw.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'announcements', event: 'notice', payload: {} }] }),
    })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ message: 'No API key found in request' })
    await bob.removeAllChannels()
  })

  it('presence: state after join, join and leave diffs with unique refs, leave on disconnect', async () => {
    const alice = await gw.socketClient()
    const bob = await gw.socketClient()
    const joins: { key: string; refs: string[] }[] = []
    const leaves: string[] = []
    const a = alice
      .channel('lobby', { config: { presence: { key: 'alice' } } })
      .on('presence', { event: 'join' }, ({ key, newPresences }) =>
        joins.push({ key, refs: newPresences.map((p) => p.presence_ref) }),
      )
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key))
    await subscribed(a)
    expect(await a.track({ user: 'Alice', online_at: '2026-11-22T10:00:00Z' })).toBe('ok')
    await waitFor('alice in her own state', () => a.presenceState().alice)

    const b = bob.channel('lobby', { config: { presence: { key: 'bob' } } })
    b.on('presence', { event: 'sync' }, () => undefined)
    await subscribed(b)
    // Bob's first presence_state already holds Alice.
    const aliceSeenByBob = await waitFor('alice in bob’s state', () => b.presenceState().alice)
    expect(aliceSeenByBob[0]).toMatchObject({ user: 'Alice', online_at: '2026-11-22T10:00:00Z' })

    expect(await b.track({ user: 'Bob' })).toBe('ok')
    await waitFor('bob joining for alice', () => joins.find((j) => j.key === 'bob'))
    expect(await b.track({ user: 'Bob', status: 'away' })).toBe('ok')
    await waitFor('bob’s update', () => a.presenceState().bob?.some((p) => 'status' in p))
    const refs = joins.flatMap((j) => j.refs)
    expect(new Set(refs).size).toBe(refs.length)
    expect(a.presenceState().bob).toHaveLength(1)

    bob.realtime.disconnect()
    await waitFor('bob leaving', () => leaves.includes('bob') && !a.presenceState().bob)
    expect(Object.keys(a.presenceState())).toEqual(['alice'])

    expect(await a.untrack()).toBe('ok')
    await waitFor('alice gone', () => !a.presenceState().alice)
    await alice.removeAllChannels()
  })
})
