import type { MetricSchema } from '@genesis/contracts/monitoring'
import type { z } from 'zod'
import type { Queryable } from '../../database/types.ts'

/** Stores one performance metric (docs/product/site.md §3 Metric). */
export async function recordMetric(tx: Queryable, metric: z.output<typeof MetricSchema>): Promise<number> {
  const result = await tx.query(
    `insert into public.monitoring_metrics (name, value, occurred_at, url, user_id, tenant_id)
     values ($1, $2, $3, $4, $5, $6)`,
    [metric.name, metric.value, metric.timestamp, metric.url ?? null, metric.userId, metric.tenantId],
  )
  return result.affectedRows
}
