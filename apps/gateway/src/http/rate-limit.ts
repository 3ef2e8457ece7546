import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * A fixed-window counter per key (an IP address, an e-mail address, …), in memory. One gateway
 * process holds its own counts; several processes each enforce the limit on their share.
 * Windows are swept lazily so memory stays bounded by the number of active keys.
 */
export class RateLimiter {
  readonly #limit: number
  readonly #windowMs: number
  readonly #now: () => number
  #windows = new Map<string, { start: number; count: number }>()
  #lastSweep = 0

  constructor(options: { limit: number; windowSeconds: number; now?: () => number }) {
    this.#limit = options.limit
    this.#windowMs = options.windowSeconds * 1000
    this.#now = options.now ?? Date.now
  }

  /** Counts one attempt; `allowed` false once the key has used its limit in the current window. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number; remaining: number } {
    const now = this.#now()
    this.#sweep(now)
    let w = this.#windows.get(key)
    if (!w || now - w.start >= this.#windowMs) {
      w = { start: now, count: 0 }
      this.#windows.set(key, w)
    }
    w.count += 1
    const retryAfterSeconds = Math.max(1, Math.ceil((w.start + this.#windowMs - now) / 1000))
    return {
      allowed: w.count <= this.#limit,
      retryAfterSeconds,
      remaining: Math.max(0, this.#limit - w.count),
    }
  }

  reset(key?: string): void {
    if (key === undefined) this.#windows.clear()
    else this.#windows.delete(key)
  }

  #sweep(now: number) {
    if (now - this.#lastSweep < this.#windowMs) return
    this.#lastSweep = now
    for (const [key, w] of this.#windows) if (now - w.start >= this.#windowMs) this.#windows.delete(key)
  }
}

/**
 * The client's address. Behind a reverse proxy (TRUST_PROXY=true) the first X-Forwarded-For hop;
 * otherwise the socket's peer, so that a client cannot pick its own rate-limit bucket.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')
    if (forwarded) return forwarded.split(',')[0].trim()
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'local'
  }
}
