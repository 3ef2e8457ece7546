import type { Context } from 'hono'
import type { Config } from '../../config.ts'
import type { Queryable } from '../../database/types.ts'
import { clientIp, RateLimiter } from '../../http/rate-limit.ts'
import { ERRORS } from './errors.ts'

export type LimitKind = 'sign_in' | 'verify' | 'email' | 'token_refresh'

/**
 * The auth service's rate limits (config AUTH_RATE_LIMIT_*), counted per client address and
 * per e-mail address (or factor), so neither many addresses from one place nor one address
 * from many places gets through. Counted in PostgreSQL, so several gateways on one database share
 * the counts (http/rate-limit.ts).
 */
export class AuthRateLimits {
  readonly #limiters: Record<LimitKind, RateLimiter>
  readonly #config: Config
  readonly #mailCooldown: RateLimiter | undefined

  constructor(config: Config, db: Queryable) {
    this.#config = config
    this.#mailCooldown =
      config.AUTH_SMTP_MAX_FREQUENCY_SECONDS > 0
        ? new RateLimiter({
            db,
            name: 'auth.mail_cooldown',
            limit: 1,
            windowSeconds: config.AUTH_SMTP_MAX_FREQUENCY_SECONDS,
          })
        : undefined
    const windowSeconds = config.AUTH_RATE_LIMIT_WINDOW_SECONDS
    const limiter = (kind: LimitKind, limit: number) =>
      new RateLimiter({ db, name: `auth.${kind}`, limit, windowSeconds })
    this.#limiters = {
      sign_in: limiter('sign_in', config.AUTH_RATE_LIMIT_SIGN_IN),
      verify: limiter('verify', config.AUTH_RATE_LIMIT_VERIFY),
      email: limiter('email', config.AUTH_RATE_LIMIT_EMAIL),
      token_refresh: limiter('token_refresh', config.AUTH_RATE_LIMIT_TOKEN_REFRESH),
    }
  }

  /** Counts one attempt; throws 429 `over_request_rate_limit` once a key is over its limit. */
  async check(c: Context, kind: LimitKind, subject?: string): Promise<void> {
    const keys = [`ip:${clientIp(c, this.#config.TRUST_PROXY)}`]
    if (subject) keys.push(`subject:${subject}`)
    const result = await this.#limiters[kind].hit(...keys)
    if (!result.allowed) throw ERRORS.OverRequestRateLimit(result.retryAfterSeconds)
  }

  /**
   * GoTrue's max_frequency: one mail to an address per AUTH_SMTP_MAX_FREQUENCY_SECONDS, counted
   * for every address asked about, known or not (counting only real accounts would tell which
   * addresses have one). Throws 429 `over_email_send_rate_limit` while the address cools down.
   */
  async mailCooldown(email: string): Promise<void> {
    const result = await this.#mailCooldown?.hit(email)
    if (result && !result.allowed) throw ERRORS.OverEmailSendRateLimit(result.retryAfterSeconds)
  }
}
