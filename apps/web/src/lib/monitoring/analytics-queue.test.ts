import type { AnalyticsEvent } from '@genesis/contracts/monitoring'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createAnalyticsQueue } from './analytics-queue'
import { safeStorage } from './safe-storage'
import { fakeTransport, settle } from './test-support'

const KEY = 'genesis-analytics'
const event = (name: string, extra: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  name,
  properties: {},
  userId: null,
  tenantId: null,
  timestamp: '2026-11-21T10:00:00.000Z',
  sessionId: 's1',
  url: 'https://genesis-centre.test/',
  referrer: null,
  ...extra,
})
const storedNames = () =>
  (JSON.parse(localStorage.getItem(KEY) ?? '[]') as { name: string }[]).map((e) => e.name)

describe('analytics queue', () => {
  const storage = safeStorage(() => localStorage)
  let online = true
  let fake: ReturnType<typeof fakeTransport>
  let warn: ReturnType<typeof vi.fn<(message: string, detail?: unknown) => void>>
  const makeQueue = () =>
    createAnalyticsQueue({ transport: fake.transport, storage, isOnline: () => online, warn })

  beforeEach(() => {
    localStorage.clear()
    online = true
    fake = fakeTransport()
    warn = vi.fn()
  })

  it('sends the queue by itself once 10 events are queued while online', async () => {
    const queue = makeQueue()
    for (let i = 0; i < 9; i++) queue.enqueue(event(`e${i}`))
    await settle()
    expect(fake.posts).toHaveLength(0)
    queue.enqueue(event('e9'))
    await settle()
    expect(fake.posts).toHaveLength(1)
    expect(fake.posts[0].path).toBe('/api/analytics/events')
    expect(fake.posts[0].body).toEqual({ events: Array.from({ length: 10 }, (_, i) => event(`e${i}`)) })
    expect(queue.pending()).toHaveLength(0)
    expect(storedNames()).toEqual([])
  })

  it('does not send at 10+ events while offline, and keeps them stored', async () => {
    online = false
    const queue = makeQueue()
    for (let i = 0; i < 12; i++) queue.enqueue(event(`e${i}`))
    await settle()
    expect(fake.posts).toHaveLength(0)
    expect(storedNames()).toHaveLength(12)
  })

  it('keeps at most 100 events under genesis-analytics, dropping the oldest', () => {
    online = false
    const queue = makeQueue()
    for (let i = 0; i < 105; i++) queue.enqueue(event(`e${i}`))
    const names = storedNames()
    expect(names).toHaveLength(100)
    expect(names[0]).toBe('e5')
    expect(names[99]).toBe('e104')
    expect(queue.pending()).toHaveLength(100)
  })

  it('restores the stored events on start, ignoring malformed entries, and sends them on flush', async () => {
    localStorage.setItem(KEY, JSON.stringify([event('old1'), { nonsense: true }, 'x', event('old2')]))
    const queue = makeQueue()
    expect(queue.pending().map((e) => e.name)).toEqual(['old1', 'old2'])
    await queue.flush()
    expect(fake.posts[0].body).toEqual({ events: [event('old1'), event('old2')] })
  })

  it('starts empty when the stored value is not JSON', () => {
    localStorage.setItem(KEY, '{not json')
    expect(makeQueue().pending()).toEqual([])
  })

  it('warns and requeues the events when sending fails, ahead of events tracked meanwhile', async () => {
    const queue = makeQueue()
    queue.enqueue(event('a'))
    queue.enqueue(event('b'))
    fake.state.outcome = 'retry'
    const sending = queue.flush()
    queue.enqueue(event('c'))
    await sending
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('queued again'))
    expect(queue.pending().map((e) => e.name)).toEqual(['a', 'b', 'c'])
    expect(storedNames()).toEqual(['a', 'b', 'c'])

    fake.state.outcome = 'sent'
    await queue.flush()
    expect(fake.posts.at(-1)?.body).toEqual({ events: [event('a'), event('b'), event('c')] })
    expect(queue.pending()).toEqual([])
  })

  it('drops a batch the server refuses for good (400), with a warning, so it cannot block the queue', async () => {
    const queue = makeQueue()
    queue.enqueue(event('bad'))
    fake.state.outcome = 'rejected'
    await queue.flush()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused'))
    expect(queue.pending()).toEqual([])
    expect(storedNames()).toEqual([])
  })

  it('sends one batch at a time: a second flush while one is in flight does not send again', async () => {
    const queue = makeQueue()
    queue.enqueue(event('a'))
    await Promise.all([queue.flush(), queue.flush()])
    expect(fake.posts).toHaveLength(1)
  })

  it('sends the events that reached the threshold while a batch was on its way once it has arrived', async () => {
    let release: () => void = () => {}
    const slow = {
      ...fake.transport,
      post: vi.fn(
        (path: string, body: unknown) =>
          new Promise<'sent'>((resolve) => {
            fake.posts.push({ path, body })
            release = () => resolve('sent')
          }),
      ),
    }
    const queue = createAnalyticsQueue({ transport: slow, storage, isOnline: () => online, warn })
    for (let i = 0; i < 10; i++) queue.enqueue(event(`first${i}`))
    for (let i = 0; i < 10; i++) queue.enqueue(event(`second${i}`))
    await settle()
    expect(fake.posts).toHaveLength(1)
    release()
    await settle()
    expect(fake.posts).toHaveLength(2)
    expect((fake.posts[1].body as { events: unknown[] }).events).toHaveLength(10)
  })

  it('sends nothing when the queue is empty', async () => {
    await makeQueue().flush()
    expect(fake.posts).toHaveLength(0)
  })

  it('hands the queue to sendBeacon on unload and clears it', () => {
    const queue = makeQueue()
    queue.enqueue(event('a'))
    queue.enqueue(event('b'))
    queue.flushWithBeacon()
    expect(fake.beacons).toEqual([
      { path: '/api/analytics/events', body: { events: [event('a'), event('b')] } },
    ])
    expect(queue.pending()).toEqual([])
    expect(storedNames()).toEqual([])
  })

  it('keeps the events stored when the browser refuses the beacon, for the next visit', () => {
    const queue = makeQueue()
    queue.enqueue(event('a'))
    fake.state.beaconAccepts = false
    queue.flushWithBeacon()
    expect(storedNames()).toEqual(['a'])
    expect(
      makeQueue()
        .pending()
        .map((e) => e.name),
    ).toEqual(['a'])
  })

  it('splits a large queue into beacons under 60 KiB each', () => {
    online = false
    const queue = makeQueue()
    for (let i = 0; i < 40; i++) queue.enqueue(event(`e${i}`, { properties: { blob: 'x'.repeat(3000) } }))
    queue.flushWithBeacon()
    expect(fake.beacons.length).toBeGreaterThan(1)
    for (const b of fake.beacons) expect(JSON.stringify(b.body).length).toBeLessThan(60 * 1024)
    const sent = fake.beacons.flatMap((b) =>
      (b.body as { events: { name: string }[] }).events.map((e) => e.name),
    )
    expect(sent).toEqual(Array.from({ length: 40 }, (_, i) => `e${i}`))
  })
})
