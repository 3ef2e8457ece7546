import {
  AnalyticsBatchSchema,
  ErrorRecordSchema,
  MetricSchema,
  MONITORING_LIMITS,
  UserActionSchema,
} from '@genesis/contracts/monitoring'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Deps } from '../../deps.ts'
import { ERRORS } from './errors.ts'
import { ingest } from './ingest.ts'
import { limitByIp } from './limit-by-ip.ts'
import { recordAnalyticsEvents } from './record-analytics-events.ts'
import { recordError } from './record-error.ts'
import { recordMetric } from './record-metric.ts'
import { recordUserAction } from './record-user-action.ts'
import { renderMonitoringError } from './render-error.ts'

const limitBody = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw ERRORS.PayloadTooLarge(maxBytes)
    },
  })

/**
 * /api — analytics and monitoring ingestion (site-spec §7). Anyone may call it, with or without an
 * API key (a beacon on unload cannot carry headers), so every endpoint is rate-limited per address
 * and size-limited, and writes only through the service role into tables that only admins read.
 */
export function createMonitoringRoutes(deps: Deps): Hono {
  const app = new Hono()
  app.onError((error, c) => renderMonitoringError(error, c, deps.logger))
  // Public: no caller identity is needed or used.
  app.use(
    '*',
    limitByIp({
      limit: deps.config.MONITORING_RATE_LIMIT,
      windowSeconds: deps.config.MONITORING_RATE_LIMIT_WINDOW_SECONDS,
      trustProxy: deps.config.TRUST_PROXY,
    }),
  )
  app.post(
    '/analytics/events',
    limitBody(MONITORING_LIMITS.analyticsBodyBytes),
    ingest(deps, AnalyticsBatchSchema, recordAnalyticsEvents),
  )
  app.post(
    '/monitoring/errors',
    limitBody(MONITORING_LIMITS.errorBodyBytes),
    ingest(deps, ErrorRecordSchema, recordError),
  )
  app.post(
    '/monitoring/metrics',
    limitBody(MONITORING_LIMITS.metricBodyBytes),
    ingest(deps, MetricSchema, recordMetric),
  )
  app.post(
    '/monitoring/events',
    limitBody(MONITORING_LIMITS.actionBodyBytes),
    ingest(deps, UserActionSchema, recordUserAction),
  )
  // Anything else under /api is this service's 404, never the web app's HTML.
  app.all('*', () => {
    throw ERRORS.NotFound()
  })
  return app
}
