import type { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import { notImplemented } from '../../http/not-implemented.ts'

/** /api — analytics and monitoring ingestion (issue: public site). */
export function createMonitoringRoutes(_deps: Deps): Hono {
  return notImplemented({ error: 'not_implemented', message: 'Monitoring ingestion is not available yet' })
}
