import type { Database } from './types.ts'

export interface KeepListeningOptions {
  /** The waits before each new attempt after a loss or a failed attempt; the last one repeats. */
  retryDelaysMs: readonly number[]
  /**
   * Called when a LISTEN is active, before any of its notifications is handed on: `again` is false
   * the first time, true after a loss or a failed attempt (notifications may have been missed).
   */
  onListening?(again: boolean): void
  /** Called once per lost subscription (a lost connection, or `lose`); a new attempt is scheduled. */
  onLost?(error: Error): void
  /** Called when an attempt to listen (again) fails; `retries`: retries since the last success. */
  onListenFailed?(error: Error, retries: number): void
  /** Retry when the very first attempt fails too; otherwise `started` rejects and nothing retries. */
  retryFirst?: boolean
}

export interface KeptListener {
  /**
   * Resolves once the first LISTEN is active; rejects when it fails (unless `retryFirst`: then it
   * resolves when an attempt succeeds, and never when stopped before).
   */
  readonly started: Promise<void>
  /** The current subscription: changes at every attempt and every loss, unique across listeners. */
  readonly subscription: number
  /** Gives up the subscription (when still the current one) as lost, e.g. when catching up failed. */
  lose(subscription: number, error: Error): void
  /** Stops listening and retrying; waits for an attempt under way and for the UNLISTEN. */
  stop(): Promise<void>
}

let lastSubscription = 0

/**
 * LISTENs on `channel` and keeps listening: when the subscription is lost (PostgreSQL: the
 * connection died, see ListenOptions) it listens again with backoff, for as long as it is not
 * stopped. Notifications and losses of an older subscription are ignored.
 */
export function keepListening(
  db: Database,
  channel: string,
  onPayload: (payload: string) => void,
  options: KeepListeningOptions,
): KeptListener {
  const delays = options.retryDelaysMs
  const ready = Promise.withResolvers<void>()
  let subscription = ++lastSubscription
  let stopped = false
  let again = false
  /** Retries since listening last succeeded: picks the next delay. */
  let retries = 0
  let unlisten: (() => Promise<void>) | undefined
  let timer: NodeJS.Timeout | undefined
  let attempt: Promise<void> | undefined

  const release = (stop: (() => Promise<void>) | undefined) => stop?.().catch(() => undefined)

  const lost = (which: number, error: Error) => {
    if (stopped || which !== subscription) return
    subscription = ++lastSubscription
    again = true
    const stop = unlisten
    unlisten = undefined
    void release(stop)
    options.onLost?.(error)
    schedule()
  }

  const schedule = () => {
    const delay = delays[Math.min(retries, delays.length - 1)] ?? 0
    retries += 1
    clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      if (!stopped) tryListen(false)
    }, delay)
    timer.unref()
  }

  const tryListen = (first: boolean) => {
    attempt = listen().catch((caught: unknown) => {
      const error = caught instanceof Error ? caught : new Error(String(caught))
      if (first && !options.retryFirst) {
        stopped = true
        ready.reject(error)
        return
      }
      if (stopped) return
      again = true
      options.onListenFailed?.(error, retries)
      schedule()
    })
  }

  const listen = async () => {
    subscription = ++lastSubscription
    const mine = subscription
    // Notifications that arrive before `onListening` ran wait for it.
    let early: string[] | undefined = []
    const stop = await db.listen(
      channel,
      (payload) => {
        if (mine !== subscription) return
        if (early) early.push(payload)
        else onPayload(payload)
      },
      { onLost: (error) => lost(mine, error) },
    )
    if (stopped || mine !== subscription) {
      await release(stop)
      return
    }
    unlisten = stop
    retries = 0
    options.onListening?.(again)
    ready.resolve()
    const held = early
    early = undefined
    for (const payload of held) if (mine === subscription) onPayload(payload)
  }

  tryListen(true)
  // Whoever awaits `started` sees a failure; nobody awaiting it is not an unhandled rejection.
  ready.promise.catch(() => undefined)

  return {
    started: ready.promise,
    get subscription() {
      return subscription
    },
    lose: lost,
    async stop() {
      stopped = true
      subscription = ++lastSubscription
      clearTimeout(timer)
      ready.reject(new Error(`stopped before listening on ${channel}`))
      await attempt?.catch(() => undefined)
      const stop = unlisten
      unlisten = undefined
      await release(stop)
    },
  }
}
