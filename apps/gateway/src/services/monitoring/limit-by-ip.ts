import type { MiddlewareHandler } from 'hono'
import { clientIp, RateLimiter } from '../../http/rate-limit.ts'
import { ERRORS } from './errors.ts'

/**
 * One budget per client address across the four endpoints, counted before the body is read so that
 * a flood of bad requests costs as little as possible. Shoppers on the centre's free WiFi share one
 * address, so the default (MONITORING_RATE_LIMIT) is generous.
 */
export function limitByIp(options: {
  limit: number
  windowSeconds: number
  trustProxy: boolean
}): MiddlewareHandler {
  const limiter = new RateLimiter({ limit: options.limit, windowSeconds: options.windowSeconds })
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const verdict = limiter.hit(clientIp(c, options.trustProxy))
    if (!verdict.allowed) throw ERRORS.RateLimited(verdict.retryAfterSeconds)
    await next()
  }
}
