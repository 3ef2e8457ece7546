import type { Logger } from 'pino'
import type { Config } from '../../config.ts'
import type { Database } from '../../database/types.ts'
import { type RateCounters, rateCountersFor } from '../../http/rate-limit.ts'
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
 * Counts live in PostgreSQL (`private.rate_limit_counters`), as the other auth limits do, so a
 * lock-out caused through one gateway holds on every gateway of the database. The slow-down queue
 * and the cache of owners' addresses stay in each process.
 */
export class SignInGuard {
  readonly #config: Config
  readonly #db: Database
  readonly #logger: Logger | undefined
  readonly #now: () => number
  readonly #failures: RateCounters
  readonly #known = new Map<string, { value: Promise<boolean>; until: number }>()
  readonly #queues = new Map<string, { tail: Promise<void>; waiting: number }>()

  constructor(options: { config: Config; db: Database; logger?: Logger; now?: () => number }) {
    this.#config = options.config
    this.#db = options.db
    this.#logger = options.logger
    this.#now = options.now ?? Date.now
    this.#failures = rateCountersFor(options.db)
  }

  get #windowMs() {
    return this.#config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000
  }

  /**
   * Lets one attempt for `email` from `ip` go ahead: at once, after a delay, or not at all (throws
   * 429 `over_request_rate_limit`).
   */
  async admit(email: string, ip: string): Promise<void> {
    const c = this.#config
    const keys = counterKeys(email, ip)
    const counts = await this.#failures.peek([keys.pair, keys.ip, keys.global, keys.account])
    const over = (key: string, limit: number) => {
      const w = counts.get(key)
      return w && w.count >= limit ? w.retryAfterSeconds : undefined
    }
    const tripped = [
      over(keys.pair, c.AUTH_RATE_LIMIT_SIGN_IN),
      over(keys.ip, c.AUTH_SIGN_IN_FAILURES_PER_ADDRESS),
      over(keys.global, c.AUTH_SIGN_IN_GLOBAL_FAILURES),
    ].filter((wait): wait is number => wait !== undefined)
    const accountHot = over(keys.account, c.AUTH_SIGN_IN_FAILURES_PER_ACCOUNT) !== undefined
    if (tripped.length > 0) {
      if (!(await this.#isOwnersAddress(email, ip))) throw ERRORS.OverRequestRateLimit(Math.max(...tripped))
      await this.#slowDown(`${email}|${ip}`, Math.max(...tripped))
    } else if (accountHot) {
      await this.#slowDown(`${email}|${ip}`, 1)
    }
  }

  /** Counts a wrong password (or an unknown address); logs the lock-outs it starts. */
  async failed(email: string, ip: string): Promise<void> {
    const c = this.#config
    const keys = counterKeys(email, ip)
    const counts = await this.#failures.add(
      [keys.pair, keys.ip, keys.global, keys.account],
      c.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    )
    const reached = (key: string, limit: number) => counts.get(key)?.count === limit
    const reasons: string[] = []
    if (reached(keys.pair, c.AUTH_RATE_LIMIT_SIGN_IN))
      reasons.push('failures from this address for this account')
    if (reached(keys.ip, c.AUTH_SIGN_IN_FAILURES_PER_ADDRESS))
      reasons.push('failures from this address across accounts')
    if (reached(keys.global, c.AUTH_SIGN_IN_GLOBAL_FAILURES)) reasons.push('failures across the gateway')
    if (reached(keys.account, c.AUTH_SIGN_IN_FAILURES_PER_ACCOUNT))
      reasons.push('failures for this account from every address (slowed down, not blocked)')
    for (const reason of reasons) await this.#logLockOut(email, ip, reason)
  }

  /** A correct password: this address's count for the account starts again. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.#failures.reset([counterKeys(email, ip).pair])
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

/** The counters' keys of one attempt (apart from the auth limits' keys by their prefix). */
function counterKeys(email: string, ip: string) {
  return {
    pair: `signin.pair:${email}|${ip}`,
    ip: `signin.ip:${ip}`,
    global: 'signin.global',
    account: `signin.account:${email}`,
  }
}
