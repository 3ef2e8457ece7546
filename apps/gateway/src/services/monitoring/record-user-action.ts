import type { UserActionSchema } from '@genesis/contracts/monitoring'
import type { z } from 'zod'
import type { Queryable } from '../../database/types.ts'

/** Stores one user action (docs/product/site.md §3 User-action record: session start, login attempt, logout, …). */
export async function recordUserAction(
  tx: Queryable,
  action: z.output<typeof UserActionSchema>,
): Promise<number> {
  const result = await tx.query(
    `insert into public.monitoring_actions (action, details, occurred_at, url, session_id)
     values ($1, $2::jsonb, $3, $4, $5)`,
    [
      action.action,
      JSON.stringify(action.details),
      action.timestamp,
      action.url ?? null,
      action.sessionId ?? null,
    ],
  )
  return result.affectedRows
}
