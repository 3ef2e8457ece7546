import { METRIC_BATCH_LIMITS } from '@genesis/contracts/metric-batch'
import { MetricBatchSchema, MetricSchema, MONITORING_LIMITS } from '@genesis/contracts/monitoring'
import type { Context } from 'hono'
import type { z } from 'zod'
import { asCaller, SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Queryable } from '../../database/types.ts'
import type { Deps } from '../../deps.ts'
import { jsonBodyReader } from '../../http/json-body.ts'
import { ERRORS, JSON_BODY_ERRORS } from './errors.ts'
import { MEDIA_TYPES } from './ingest.ts'

type Metrics = z.output<typeof MetricBatchSchema>['metrics']

/**
 * Stores performance metrics (docs/product/site.md §3 Metric) in one statement: the rows travel as
 * one JSON parameter expanded by jsonb_to_recordset, so nothing from the request is spliced into
 * SQL and a batch lands whole or not at all.
 */
export async function recordMetrics(tx: Queryable, metrics: Metrics): Promise<number> {
  const rows = metrics.map((m) => ({
    name: m.name,
    value: m.value,
    occurred_at: m.timestamp,
    url: m.url ?? null,
    user_id: m.userId,
    tenant_id: m.tenantId,
  }))
  const result = await tx.query(
    `insert into public.monitoring_metrics (name, value, occurred_at, url, user_id, tenant_id)
     select name, value, occurred_at, url, user_id, tenant_id
       from jsonb_to_recordset($1::jsonb) as r(
         name text, value double precision, occurred_at timestamptz, url text, user_id uuid, tenant_id uuid)`,
    [JSON.stringify(rows)],
  )
  return result.affectedRows
}

const isBatch = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'metrics' in value

/**
 * POST /api/monitoring/metrics (decision 047): a batch `{ metrics: [...] }` of at most
 * `METRIC_BATCH_LIMITS.metrics` metrics in at most `.bodyBytes` (what a page view's collector sends
 * in one request), or one metric as the spec's single form, at most `metricBodyBytes` as before.
 * Every metric is validated with the one schema; a bad one refuses the request (400, its issues
 * named `metrics.<index>.<field>`) and nothing of the batch is stored. The rate limit counts
 * requests, so a batch costs one.
 */
export function ingestMetrics(deps: Deps) {
  const body = jsonBodyReader(JSON_BODY_ERRORS, deps.config, {
    limitBytes: METRIC_BATCH_LIMITS.bodyBytes,
    mediaTypes: MEDIA_TYPES,
  })
  return async (c: Context): Promise<Response> => {
    const value = await body.readValue(c)
    let metrics: Metrics
    if (isBatch(value)) {
      const parsed = MetricBatchSchema.safeParse(value)
      if (!parsed.success) throw ERRORS.InvalidBody(parsed.error.issues)
      metrics = parsed.data.metrics
    } else {
      // The single form keeps its own, smaller limit (the body as parsed, re-serialised).
      const size = new TextEncoder().encode(JSON.stringify(value)).length
      if (size > MONITORING_LIMITS.metricBodyBytes)
        throw ERRORS.PayloadTooLarge(MONITORING_LIMITS.metricBodyBytes)
      const parsed = MetricSchema.safeParse(value)
      if (!parsed.success) throw ERRORS.InvalidBody(parsed.error.issues)
      metrics = [parsed.data]
    }
    await asCaller(deps.db, SERVICE_ROLE, (tx) => recordMetrics(tx, metrics))
    return c.body(null, 204)
  }
}
