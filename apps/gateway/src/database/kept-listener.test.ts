import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keepListening } from './kept-listener.ts'
import type { Database, ListenOptions, NotificationHandler } from './types.ts'

/** One call of the fake `listen`: settle it by hand, then notify or lose it. */
interface Call {
  handler: NotificationHandler
  onLost: ListenOptions['onLost']
  resolve(): void
  reject(error: Error): void
  unlistened: boolean
}

/** A database whose `listen` calls wait until the test settles them. */
function fakeDb() {
  const calls: Call[] = []
  const db = {
    listen(_channel: string, handler: NotificationHandler, options: ListenOptions = {}) {
      const { promise, resolve, reject } = Promise.withResolvers<() => Promise<void>>()
      const call: Call = {
        handler,
        onLost: options.onLost,
        unlistened: false,
        resolve: () =>
          resolve(async () => {
            call.unlistened = true
          }),
        reject,
      }
      calls.push(call)
      return promise
    },
  } as unknown as Database
  return { db, calls }
}

/** Lets settled promises run their callbacks (no timers involved). */
const flush = () => vi.advanceTimersByTimeAsync(0)

describe('keepListening', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('listens, hands on payloads, and after a loss listens again with the delays, the last one repeating', async () => {
    const { db, calls } = fakeDb()
    const payloads: string[] = []
    const events: string[] = []
    const failures: number[] = []
    const kept = keepListening(db, 'ch', (p) => payloads.push(p), {
      retryDelaysMs: [100, 300],
      onListening: (again) => events.push(again ? 'again' : 'first'),
      onLost: (error) => events.push(`lost: ${error.message}`),
      onListenFailed: (_error, retries) => failures.push(retries),
    })
    calls[0].resolve()
    await kept.started
    calls[0].handler('a')
    expect(payloads).toEqual(['a'])
    expect(events).toEqual(['first'])

    calls[0].onLost?.(new Error('gone'))
    // A second report of the same loss changes nothing.
    calls[0].onLost?.(new Error('gone again'))
    expect(events).toEqual(['first', 'lost: gone'])
    expect(calls[0].unlistened).toBe(true)

    await vi.advanceTimersByTimeAsync(99)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(2)
    calls[1].reject(new Error('refused'))
    await flush()
    expect(failures).toEqual([1])
    await vi.advanceTimersByTimeAsync(299)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(3)
    calls[2].reject(new Error('refused'))
    await flush()
    // The last delay repeats.
    await vi.advanceTimersByTimeAsync(300)
    expect(calls).toHaveLength(4)
    expect(failures).toEqual([1, 2])
    calls[3].resolve()
    await flush()
    expect(events).toEqual(['first', 'lost: gone', 'again'])
    calls[3].handler('b')
    expect(payloads).toEqual(['a', 'b'])

    // Listening succeeded: the next loss starts from the first delay again.
    calls[3].onLost?.(new Error('gone'))
    await vi.advanceTimersByTimeAsync(100)
    expect(calls).toHaveLength(5)
    const stopping = kept.stop()
    calls[4].resolve()
    await stopping
    expect(calls[4].unlistened).toBe(true)
  })

  it('ignores payloads and losses of an older subscription', async () => {
    const { db, calls } = fakeDb()
    const payloads: string[] = []
    const lost: string[] = []
    const kept = keepListening(db, 'ch', (p) => payloads.push(p), {
      retryDelaysMs: [10],
      onLost: (error) => lost.push(error.message),
    })
    calls[0].resolve()
    await kept.started
    calls[0].onLost?.(new Error('first loss'))
    await vi.advanceTimersByTimeAsync(10)
    calls[1].resolve()
    await flush()

    calls[0].handler('stale')
    calls[0].onLost?.(new Error('stale loss'))
    calls[1].handler('fresh')
    expect(payloads).toEqual(['fresh'])
    expect(lost).toEqual(['first loss'])
    expect(calls).toHaveLength(2)
    await kept.stop()
  })

  it('holds payloads that arrive before the listen settles until onListening ran', async () => {
    const { db, calls } = fakeDb()
    const seen: string[] = []
    const kept = keepListening(db, 'ch', (p) => seen.push(p), {
      retryDelaysMs: [10],
      onListening: () => seen.push('listening'),
    })
    calls[0].handler('early')
    calls[0].resolve()
    await kept.started
    calls[0].handler('later')
    expect(seen).toEqual(['listening', 'early', 'later'])
    await kept.stop()
  })

  it('stop during a retry cancels it', async () => {
    const { db, calls } = fakeDb()
    const kept = keepListening(db, 'ch', () => undefined, { retryDelaysMs: [50] })
    calls[0].resolve()
    await kept.started
    calls[0].onLost?.(new Error('gone'))
    await kept.stop()
    await vi.advanceTimersByTimeAsync(500)
    expect(calls).toHaveLength(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stop while a listen is pending waits for it and unlistens what it got', async () => {
    const { db, calls } = fakeDb()
    const lost: string[] = []
    const kept = keepListening(db, 'ch', () => undefined, {
      retryDelaysMs: [50],
      onLost: (error) => lost.push(error.message),
    })
    const started = kept.started.then(
      () => 'resolved',
      () => 'rejected',
    )
    let stopped = false
    const stopping = kept.stop().then(() => {
      stopped = true
    })
    await flush()
    expect(stopped).toBe(false)
    calls[0].resolve()
    await stopping
    expect(calls[0].unlistened).toBe(true)
    expect(await started).toBe('rejected')
    calls[0].onLost?.(new Error('after stop'))
    expect(lost).toEqual([])
    await vi.advanceTimersByTimeAsync(500)
    expect(calls).toHaveLength(1)
  })

  it('stop unlistens the live subscription', async () => {
    const { db, calls } = fakeDb()
    const payloads: string[] = []
    const kept = keepListening(db, 'ch', (p) => payloads.push(p), { retryDelaysMs: [50] })
    calls[0].resolve()
    await kept.started
    await kept.stop()
    expect(calls[0].unlistened).toBe(true)
    calls[0].handler('after stop')
    expect(payloads).toEqual([])
  })

  it('a failed first attempt rejects `started` and is not retried, unless retryFirst', async () => {
    const { db, calls } = fakeDb()
    const kept = keepListening(db, 'ch', () => undefined, { retryDelaysMs: [50] })
    calls[0].reject(new Error('refused'))
    await expect(kept.started).rejects.toThrow('refused')
    await vi.advanceTimersByTimeAsync(500)
    expect(calls).toHaveLength(1)

    const retrying = fakeDb()
    const events: string[] = []
    const again = keepListening(retrying.db, 'ch', () => undefined, {
      retryDelaysMs: [50],
      retryFirst: true,
      onListening: (a) => events.push(String(a)),
      onListenFailed: (error) => events.push(error.message),
    })
    retrying.calls[0].reject(new Error('refused'))
    await vi.advanceTimersByTimeAsync(50)
    retrying.calls[1].resolve()
    await again.started
    // Listening after a failure: notifications may have been missed.
    expect(events).toEqual(['refused', 'true'])
    await again.stop()
  })

  it('lose() gives up the current subscription only', async () => {
    const { db, calls } = fakeDb()
    const lost: string[] = []
    const kept = keepListening(db, 'ch', () => undefined, {
      retryDelaysMs: [10],
      onLost: (error) => lost.push(error.message),
    })
    calls[0].resolve()
    await kept.started
    const first = kept.subscription
    kept.lose(first, new Error('catching up failed'))
    expect(calls[0].unlistened).toBe(true)
    await vi.advanceTimersByTimeAsync(10)
    calls[1].resolve()
    await flush()
    kept.lose(first, new Error('stale'))
    expect(lost).toEqual(['catching up failed'])
    expect(calls[1].unlistened).toBe(false)
    await kept.stop()
  })
})
