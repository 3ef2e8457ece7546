import type { MiddlewareHandler } from 'hono'
import type { Queryable } from '../../database/types.ts'
import { clientIp, RateLimiter } from '../../http/rate-limit.ts'
import { ERRORS } from './errors.ts'

/**
 * One budget per client address across the four endpoints, counted before the body is read so that
 * a flood of bad requests costs as little as possible. Shoppers on the centre's free WiFi share one
 * address, so the default (MONITORING_RATE_LIMIT) is generous. Counted in PostgreSQL, so several
 * gateways on one database share one budget per address.
 */
export function limitByIp(options: {
  db: Queryable
  limit: number
  windowSeconds: number
  /** TRUST_PROXY: how many proxies' X-Forwarded-For values to trust (decision 036). */
  trustedProxies: number
}): MiddlewareHandler {
  const limiter = new RateLimiter({
    db: options.db,
    name: 'monitoring',
    limit: options.limit,
    windowSeconds: options.windowSeconds,
  })
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const verdict = await limiter.hit(clientIp(c, options.trustedProxies))
    if (!verdict.allowed) throw ERRORS.RateLimited(verdict.retryAfterSeconds)
    await next()
  }
}
