import type { Context } from 'hono'
import type { Logger } from 'pino'
import { MonitoringError } from './errors.ts'

/**
 * The one renderer of the service: a catalogued error becomes its status and JSON body
 * ({ error, message, issues? }); anything else is logged and answered as a plain 500, so database
 * details never reach the browser.
 */
export function renderMonitoringError(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof MonitoringError) {
    const headers: Record<string, string> = {}
    if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds)
    return c.json(
      { error: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
      error.status,
      headers,
    )
  }
  logger.error({ err: error, path: c.req.path }, 'monitoring ingestion failed')
  return c.json({ error: 'internal_error', message: 'The report could not be stored' }, 500)
}
