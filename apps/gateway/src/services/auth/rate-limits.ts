import type { Context } from 'hono'
import type { Config } from '../../config.ts'
import { clientIp, RateLimiter } from '../../http/rate-limit.ts'
import { ERRORS } from './errors.ts'

export type LimitKind = 'sign_in' | 'verify' | 'email' | 'token_refresh'

/**
 * The auth service's rate limits (config AUTH_RATE_LIMIT_*), counted per client address and
 * per e-mail address (or factor), so neither many addresses from one place nor one address
 * from many places gets through.
 */
export class AuthRateLimits {
  readonly #limiters: Record<LimitKind, RateLimiter>
  readonly #config: Config
  readonly #mailCooldown: RateLimiter | undefined

  constructor(config: Config) {
    this.#config = config
    this.#mailCooldown =
      config.AUTH_SMTP_MAX_FREQUENCY_SECONDS > 0
        ? new RateLimiter({ limit: 1, windowSeconds: config.AUTH_SMTP_MAX_FREQUENCY_SECONDS })
        : undefined
    const windowSeconds = config.AUTH_RATE_LIMIT_WINDOW_SECONDS
    this.#limiters = {
      sign_in: new RateLimiter({ limit: config.AUTH_RATE_LIMIT_SIGN_IN, windowSeconds }),
      verify: new RateLimiter({ limit: config.AUTH_RATE_LIMIT_VERIFY, windowSeconds }),
      email: new RateLimiter({ limit: config.AUTH_RATE_LIMIT_EMAIL, windowSeconds }),
      token_refresh: new RateLimiter({ limit: config.AUTH_RATE_LIMIT_TOKEN_REFRESH, windowSeconds }),
    }
  }

  /** Counts one attempt; throws 429 `over_request_rate_limit` once a key is over its limit. */
  check(c: Context, kind: LimitKind, subject?: string): void {
    const limiter = this.#limiters[kind]
    const keys = [`ip:${clientIp(c, this.#config.TRUST_PROXY)}`]
    if (subject) keys.push(`subject:${subject}`)
    let wait = 0
    for (const key of keys) {
      const result = limiter.hit(key)
      if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
    }
    if (wait > 0) throw ERRORS.OverRequestRateLimit(wait)
  }

  /**
   * GoTrue's max_frequency: one mail to an address per AUTH_SMTP_MAX_FREQUENCY_SECONDS, counted
   * for every address asked about, known or not (counting only real accounts would tell which
   * addresses have one). Throws 429 `over_email_send_rate_limit` while the address cools down.
   */
  mailCooldown(email: string): void {
    const result = this.#mailCooldown?.hit(email)
    if (result && !result.allowed) throw ERRORS.OverEmailSendRateLimit(result.retryAfterSeconds)
  }
}
