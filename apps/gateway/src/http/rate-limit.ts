import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { Queryable } from '../database/types.ts'

/** One key's count in its current window, and the whole seconds until that window ends (≥ 1). */
export interface WindowCount {
  count: number
  retryAfterSeconds: number
}

const SWEEP_EVERY_MS = 60_000

/**
 * Fixed-window counters by key in PostgreSQL (`private.rate_limit_counters`), so that every
 * gateway on one database counts the same hits (docs/decisions/025). A key's window starts at its
 * first hit and lasts the window given with that hit; counting several keys is one
 * `insert … on conflict do update … returning` statement. Expired rows are reset in place by the
 * next hit, and swept at most once a minute per process.
 */
export class RateCounters {
  readonly #db: Queryable
  #lastSweep = Date.now()

  constructor(db: Queryable) {
    this.#db = db
  }

  /** Counts one hit on each key (duplicates count once); returns each key's count in its window. */
  async add(keys: string[], windowSeconds: number): Promise<Map<string, WindowCount>> {
    await this.#sweep()
    // Sorted, so that two gateways counting overlapping keys lock their rows in the same order.
    const unique = [...new Set(keys)].sort()
    const { rows } = await this.#db.query<{ key: string; count: number; retry_after: number }>(
      `insert into private.rate_limit_counters as c (key, count, expires_at)
       select k, 1, now() + make_interval(secs => $2::double precision)
         from unnest($1::text[]) with ordinality as t(k, n) order by n
       on conflict (key) do update set
         count = case when c.expires_at <= now() then 1 else c.count + 1 end,
         expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
       returning key, count,
         greatest(1, ceil(extract(epoch from (expires_at - now()))))::int as retry_after`,
      [unique, windowSeconds],
    )
    return toMap(rows)
  }

  /** The keys' counts in their current windows, without counting; keys with no live window are absent. */
  async peek(keys: string[]): Promise<Map<string, WindowCount>> {
    const { rows } = await this.#db.query<{ key: string; count: number; retry_after: number }>(
      `select key, count, greatest(1, ceil(extract(epoch from (expires_at - now()))))::int as retry_after
         from private.rate_limit_counters where key = any($1::text[]) and expires_at > now()`,
      [keys],
    )
    return toMap(rows)
  }

  /** Starts the keys' counts again. */
  async reset(keys: string[]): Promise<void> {
    await this.#db.query('delete from private.rate_limit_counters where key = any($1::text[])', [keys])
  }

  async #sweep(): Promise<void> {
    const now = Date.now()
    if (now - this.#lastSweep < SWEEP_EVERY_MS) return
    this.#lastSweep = now
    await this.#db.query('delete from private.rate_limit_counters where expires_at <= now()')
  }
}

function toMap(rows: { key: string; count: number; retry_after: number }[]): Map<string, WindowCount> {
  return new Map(
    rows.map((r) => [r.key, { count: Number(r.count), retryAfterSeconds: Number(r.retry_after) }]),
  )
}

const counters = new WeakMap<Queryable, RateCounters>()

/** The counters of one database, shared by every limit of this process (one sweep clock). */
export function rateCountersFor(db: Queryable): RateCounters {
  let c = counters.get(db)
  if (!c) {
    c = new RateCounters(db)
    counters.set(db, c)
  }
  return c
}

/**
 * A fixed-window limit per key (an IP address, an e-mail address, …), counted in PostgreSQL so
 * that several gateways on one database enforce it together. `name` keeps limits apart.
 */
export class RateLimiter {
  readonly #counters: RateCounters
  readonly #name: string
  readonly #limit: number
  readonly #windowSeconds: number

  constructor(options: { db: Queryable; name: string; limit: number; windowSeconds: number }) {
    this.#counters = rateCountersFor(options.db)
    this.#name = options.name
    this.#limit = options.limit
    this.#windowSeconds = options.windowSeconds
  }

  /**
   * Counts one attempt on each key; `allowed` false once any key has used its limit in its current
   * window (`retryAfterSeconds` then the longest wait among those keys).
   */
  async hit(...keys: string[]): Promise<{ allowed: boolean; retryAfterSeconds: number; remaining: number }> {
    const counts = await this.#counters.add(
      keys.map((k) => `${this.#name}:${k}`),
      this.#windowSeconds,
    )
    let allowed = true
    let wait = 0
    let remaining = this.#limit
    for (const { count, retryAfterSeconds } of counts.values()) {
      remaining = Math.min(remaining, Math.max(0, this.#limit - count))
      if (count > this.#limit) {
        wait = allowed ? retryAfterSeconds : Math.max(wait, retryAfterSeconds)
        allowed = false
      } else if (allowed) {
        wait = Math.max(wait, retryAfterSeconds)
      }
    }
    return { allowed, retryAfterSeconds: Math.max(1, wait), remaining }
  }
}

/**
 * The client's address. Behind `trustedProxies` reverse proxies (TRUST_PROXY, decision 036) the
 * X-Forwarded-For value that many from the right: each proxy appended the address it received the
 * request from, and what the client wrote itself stays further left, so that a client cannot pick
 * its own rate-limit bucket (as Express's `trust proxy` with a hop count). Fewer values than
 * proxies: the leftmost. No header, or no trusted proxy: the socket's peer.
 */
export function clientIp(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((value) => value.trim())
      .filter(Boolean)
    if (forwarded?.length) return forwarded[Math.max(0, forwarded.length - trustedProxies)]
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'local'
  }
}
