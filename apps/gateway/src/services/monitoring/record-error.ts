import type { ErrorRecordSchema } from '@genesis/contracts/monitoring'
import type { z } from 'zod'
import type { Queryable } from '../../database/types.ts'

/** Stores one error report from the browser (docs/product/site.md §3 Error record). */
export async function recordError(
  tx: Queryable,
  report: z.output<typeof ErrorRecordSchema>,
): Promise<number> {
  const result = await tx.query(
    `insert into public.monitoring_errors
       (message, stack, component_stack, url, user_id, tenant_id, occurred_at, user_agent, session_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      report.message,
      report.stack ?? null,
      report.componentStack ?? null,
      report.url ?? null,
      report.userId,
      report.tenantId,
      report.timestamp,
      report.userAgent ?? null,
      report.sessionId ?? null,
    ],
  )
  return result.affectedRows
}
