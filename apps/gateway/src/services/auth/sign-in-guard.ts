import type { Logger } from 'pino'
import type { Config } from '../../config.ts'
import type { Database } from '../../database/types.ts'
import { writeAudit } from './audit.ts'
import { ERRORS } from './errors.ts'

/**
 * Password guessing without locking the owner out (issue 11 item 3; OWASP ASVS V2.2.1). Failed
 * sign-ins are counted per (account, client address), per client address and in total, each in
 * a fixed window of AUTH_RATE_LIMIT_WINDOW_SECONDS:
 *
 * - an address over its limit for one account (AUTH_RATE_LIMIT_SIGN_IN), over its limit across
 *   accounts (AUTH_SIGN_IN_FAILURES_PER_ADDRESS), or any address while the whole gateway is over
 *   its ceiling (AUTH_SIGN_IN_GLOBAL_FAILURES) is refused with 429 — unless it is the owner's own
 *   address (one the account signed in from before), which is only slowed down;
 * - an account failing from many addresses (AUTH_SIGN_IN_FAILURES_PER_ACCOUNT) is slowed down
 *   everywhere, never blocked: a guesser elsewhere cannot lock the real owner out.
 *
 * Slowed attempts for one (account, address) run one after another, AUTH_SIGN_IN_SLOWDOWN_MS
 * apart, with a short queue (beyond it, 429). Each lock-out is written to the auth audit log
 * (`user_signin_locked`, with the address and the reason) and the gateway log, once per window.
 * Counts live in this process's memory, as the other auth limits do.
 */
export class SignInGuard {
  readonly #config: Config
  readonly #db: Database
  readonly #logger: Logger | undefined
  readonly #now: () => number
  readonly #failures = new WindowCounter()
  readonly #known = new Map<string, { value: Promise<boolean>; until: number }>()
  readonly #queues = new Map<string, { tail: Promise<void>; waiting: number }>()

  constructor(options: { config: Config; db: Database; logger?: Logger; now?: () => number }) {
    this.#config = options.config
    this.#db = options.db
    this.#logger = options.logger
    this.#now = options.now ?? Date.now
  }

  get #windowMs() {
    return this.#config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000
  }

  /**
   * Lets one attempt for `email` from `ip` go ahead: at once, after a delay, or not at all (throws
   * 429 `over_request_rate_limit`).
   */
  async admit(email: string, ip: string): Promise<void> {
    const now = this.#now()
    const window = this.#windowMs
    const c = this.#config
    const tripped = [
      this.#failures.over(`pair:${email}|${ip}`, c.AUTH_RATE_LIMIT_SIGN_IN, window, now),
      this.#failures.over(`ip:${ip}`, c.AUTH_SIGN_IN_FAILURES_PER_ADDRESS, window, now),
      this.#failures.over('global', c.AUTH_SIGN_IN_GLOBAL_FAILURES, window, now),
    ].filter((wait): wait is number => wait !== undefined)
    const accountHot =
      this.#failures.over(`account:${email}`, c.AUTH_SIGN_IN_FAILURES_PER_ACCOUNT, window, now) !== undefined
    if (tripped.length > 0) {
      if (!(await this.#isOwnersAddress(email, ip))) throw ERRORS.OverRequestRateLimit(Math.max(...tripped))
      await this.#slowDown(`${email}|${ip}`, Math.max(...tripped))
    } else if (accountHot) {
      await this.#slowDown(`${email}|${ip}`, 1)
    }
  }

  /** Counts a wrong password (or an unknown address); logs the lock-outs it starts. */
  async failed(email: string, ip: string): Promise<void> {
    const now = this.#now()
    const window = this.#windowMs
    const c = this.#config
    const reached: string[] = []
    if (this.#failures.add(`pair:${email}|${ip}`, window, now) === c.AUTH_RATE_LIMIT_SIGN_IN)
      reached.push('failures from this address for this account')
    if (this.#failures.add(`ip:${ip}`, window, now) === c.AUTH_SIGN_IN_FAILURES_PER_ADDRESS)
      reached.push('failures from this address across accounts')
    if (this.#failures.add('global', window, now) === c.AUTH_SIGN_IN_GLOBAL_FAILURES)
      reached.push('failures across the gateway')
    if (this.#failures.add(`account:${email}`, window, now) === c.AUTH_SIGN_IN_FAILURES_PER_ACCOUNT)
      reached.push('failures for this account from every address (slowed down, not blocked)')
    for (const reason of reached) await this.#logLockOut(email, ip, reason)
  }

  /** A correct password: this address's count for the account starts again. */
  succeeded(email: string, ip: string): void {
    this.#failures.reset(`pair:${email}|${ip}`)
    this.#known.set(`${email}|${ip}`, { value: Promise.resolve(true), until: this.#now() + this.#windowMs })
  }

  /** Whether the account signed in from this address before (a live session or a `login` in the audit log). */
  #isOwnersAddress(email: string, ip: string): Promise<boolean> {
    const key = `${email}|${ip}`
    const now = this.#now()
    const cached = this.#known.get(key)
    if (cached && cached.until > now) return cached.value
    if (this.#known.size > 10_000) {
      for (const [k, v] of this.#known) if (v.until <= now) this.#known.delete(k)
    }
    const value = this.#db
      .query<{ known: boolean }>(
        `select exists (
            select 1 from auth.sessions s join auth.users u on u.id = s.user_id
             where u.email = $1 and s.ip = $2
          ) or exists (
            select 1 from auth.audit_log_entries a join auth.users u on a.payload ->> 'actor_id' = u.id::text
             where u.email = $1 and a.ip_address = $2 and a.payload ->> 'action' = 'login'
               and a.created_at > now() - interval '90 days'
          ) as known`,
        [email, ip],
      )
      .then(({ rows }) => rows[0]?.known === true)
      .catch(() => false)
    // Asked once per window, so a flood of refused attempts is not a flood of queries.
    this.#known.set(key, { value, until: now + this.#windowMs })
    return value
  }

  /** Waits AUTH_SIGN_IN_SLOWDOWN_MS after the previous slowed attempt of the same key. */
  async #slowDown(key: string, retryAfterSeconds: number): Promise<void> {
    const delay = this.#config.AUTH_SIGN_IN_SLOWDOWN_MS
    if (delay === 0) return
    const queue = this.#queues.get(key) ?? { tail: Promise.resolve(), waiting: 0 }
    if (queue.waiting >= 5) throw ERRORS.OverRequestRateLimit(retryAfterSeconds)
    queue.waiting += 1
    const mine = queue.tail.then(() => new Promise<void>((resolve) => setTimeout(resolve, delay)))
    queue.tail = mine
    this.#queues.set(key, queue)
    try {
      await mine
    } finally {
      queue.waiting -= 1
      if (queue.waiting === 0) this.#queues.delete(key)
    }
  }

  async #logLockOut(email: string, ip: string, reason: string): Promise<void> {
    this.#logger?.warn({ email, ip, reason }, 'sign-in locked out')
    try {
      await this.#db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>('select id from auth.users where email = $1', [email])
        await writeAudit(tx, {
          action: 'user_signin_locked',
          actorId: rows[0]?.id ?? null,
          actorUsername: email,
          logType: 'account',
          ip,
          traits: { reason, window_seconds: this.#config.AUTH_RATE_LIMIT_WINDOW_SECONDS },
        })
      })
    } catch (error) {
      this.#logger?.error({ err: error }, 'sign-in lock-out not written to the audit log')
    }
  }
}

/** Fixed-window counters by key, swept lazily. */
class WindowCounter {
  readonly #windows = new Map<string, { start: number; count: number }>()
  #lastSweep = 0

  /** Seconds until the window of `key` ends when it has reached `limit`, else undefined. */
  over(key: string, limit: number, windowMs: number, now: number): number | undefined {
    const w = this.#windows.get(key)
    if (!w || now - w.start >= windowMs || w.count < limit) return undefined
    return Math.max(1, Math.ceil((w.start + windowMs - now) / 1000))
  }

  /** Counts one; returns the count in the current window. */
  add(key: string, windowMs: number, now: number): number {
    if (now - this.#lastSweep >= windowMs) {
      this.#lastSweep = now
      for (const [k, w] of this.#windows) if (now - w.start >= windowMs) this.#windows.delete(k)
    }
    let w = this.#windows.get(key)
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 }
      this.#windows.set(key, w)
    }
    w.count += 1
    return w.count
  }

  reset(key: string): void {
    this.#windows.delete(key)
  }
}
