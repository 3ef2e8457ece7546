import {
  AnalyticsBatchSchema,
  ErrorRecordSchema,
  MONITORING_LIMITS,
  UserActionSchema,
} from '@genesis/contracts/monitoring'
import { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import type { GatewayEnv } from '../../http/gateway-env.ts'
import { serviceErrorHandler } from '../../http/service-error.ts'
import { ERRORS } from './errors.ts'
import { ingest } from './ingest.ts'
import { limitByIp } from './limit-by-ip.ts'
import { recordAnalyticsEvents } from './record-analytics-events.ts'
import { recordError } from './record-error.ts'
import { ingestMetrics } from './record-metric.ts'
import { recordUserAction } from './record-user-action.ts'

/**
 * /api — analytics and monitoring ingestion (docs/product/site.md §7). Anyone may call it, with or without an
 * API key (a beacon on unload cannot carry headers), so every endpoint is rate-limited per address
 * and size-limited, and writes only through the service role into tables that only admins read.
 */
export function createMonitoringRoutes(deps: Deps): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>()
  app.onError(
    serviceErrorHandler({
      logger: deps.logger,
      service: 'monitoring',
      internal: ERRORS.InternalError,
      unavailable: ERRORS.DatabaseUnavailable,
    }),
  )
  // Public: no caller identity is needed or used.
  app.use(
    '*',
    limitByIp({
      db: deps.db,
      limit: deps.config.MONITORING_RATE_LIMIT,
      windowSeconds: deps.config.MONITORING_RATE_LIMIT_WINDOW_SECONDS,
      trustedProxies: deps.config.TRUST_PROXY,
    }),
  )
  app.post(
    '/analytics/events',
    ingest(deps, AnalyticsBatchSchema, recordAnalyticsEvents, MONITORING_LIMITS.analyticsBodyBytes),
  )
  app.post(
    '/monitoring/errors',
    ingest(deps, ErrorRecordSchema, recordError, MONITORING_LIMITS.errorBodyBytes),
  )
  // One metric, or a page view's batch of them (decision 047).
  app.post('/monitoring/metrics', ingestMetrics(deps))
  app.post(
    '/monitoring/events',
    ingest(deps, UserActionSchema, recordUserAction, MONITORING_LIMITS.actionBodyBytes),
  )
  // Anything else under /api is this service's 404, never the web app's HTML.
  app.all('*', () => {
    throw ERRORS.NotFound()
  })
  return app
}
