import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { GatewayEnv } from './gateway-env.ts'

/** One structured log line per request, after the response is known. */
export function requestLog(logger: Logger): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const start = performance.now()
    await next()
    const ms = Math.round((performance.now() - start) * 10) / 10
    const status = c.res.status
    const line = { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status, ms }
    if (status >= 500) logger.error(line, 'request')
    else logger.info(line, 'request')
  }
}
