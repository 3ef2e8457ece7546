import { z } from 'zod'
import { METRIC_BATCH_LIMITS } from './metric-batch.ts'
import { MONITORING_LIMITS, UUID_PATTERN } from './monitoring-limits.ts'

export { MONITORING_LIMITS, truncate, UUID_PATTERN } from './monitoring-limits.ts'

/**
 * The four monitoring payloads of docs/product/site.md §3 and §7, shared by the web app's monitoring client
 * (which builds them) and the gateway's ingestion API (which validates them). The limits are the
 * contract between the two: the client truncates to them, the gateway refuses anything larger.
 * Types for the client are in this file too, but the client imports them with `import type` only.
 */

/**
 * userId and tenantId arrive from the browser and are not trusted for anything: a UUID is kept
 * (for the admin's reading), anything else becomes null rather than failing the whole batch.
 */
const OptionalId = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && UUID_PATTERN.test(v) ? v.toLowerCase() : null))

const Name = z.string().trim().min(1).max(MONITORING_LIMITS.nameLength)
const Url = z.string().max(MONITORING_LIMITS.urlLength)
const SessionId = z.string().max(MONITORING_LIMITS.sessionIdLength)
/** ISO 8601 with a zone (what `Date.prototype.toISOString` gives). */
const Timestamp = z.iso.datetime({ offset: true })

/** A JSON object whose serialised form stays within `detailsBytes`. */
const Details = z
  .record(z.string(), z.unknown())
  .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= MONITORING_LIMITS.detailsBytes, {
    message: `must serialise to at most ${MONITORING_LIMITS.detailsBytes} bytes`,
  })

/** Analytics event (docs/product/site.md §3). */
export const AnalyticsEventSchema = z.object({
  name: Name,
  properties: Details.default({}),
  userId: OptionalId,
  tenantId: OptionalId,
  timestamp: Timestamp,
  sessionId: SessionId.nullish(),
  url: Url.nullish(),
  referrer: Url.nullish(),
})
export type AnalyticsEvent = z.input<typeof AnalyticsEventSchema>

/** Body of POST /api/analytics/events (docs/product/site.md §7); a batch is stored whole or not at all. */
export const AnalyticsBatchSchema = z.object({
  events: z.array(AnalyticsEventSchema).min(1).max(MONITORING_LIMITS.eventsPerBatch),
})
export type AnalyticsBatch = z.input<typeof AnalyticsBatchSchema>

/** Error record (docs/product/site.md §3), body of POST /api/monitoring/errors. */
export const ErrorRecordSchema = z.object({
  message: z.string().min(1).max(MONITORING_LIMITS.messageLength),
  stack: z.string().max(MONITORING_LIMITS.stackLength).nullish(),
  componentStack: z.string().max(MONITORING_LIMITS.stackLength).nullish(),
  url: Url.nullish(),
  userId: OptionalId,
  tenantId: OptionalId,
  timestamp: Timestamp,
  userAgent: z.string().max(MONITORING_LIMITS.userAgentLength).nullish(),
  sessionId: SessionId.nullish(),
})
export type ErrorRecord = z.input<typeof ErrorRecordSchema>

/** Metric (docs/product/site.md §3), body of POST /api/monitoring/metrics. */
export const MetricSchema = z.object({
  name: Name,
  value: z.number().finite(),
  timestamp: Timestamp,
  url: Url.nullish(),
  userId: OptionalId,
  tenantId: OptionalId,
})
export type Metric = z.input<typeof MetricSchema>

/**
 * A page view's metrics in one POST /api/monitoring/metrics (decision 047): stored whole or not at
 * all. A body without `metrics` is one metric (MetricSchema), as the spec's single form.
 */
export const MetricBatchSchema = z.object({
  metrics: z.array(MetricSchema).min(1).max(METRIC_BATCH_LIMITS.metrics),
})
export type MetricBatch = z.input<typeof MetricBatchSchema>

/** User-action record (docs/product/site.md §3), body of POST /api/monitoring/events. */
export const UserActionSchema = z.object({
  action: Name,
  details: Details.default({}),
  timestamp: Timestamp,
  url: Url.nullish(),
  sessionId: SessionId.nullish(),
})
export type UserAction = z.input<typeof UserActionSchema>
