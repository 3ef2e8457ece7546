import type { AnalyticsBatchSchema } from '@genesis/contracts/monitoring'
import type { z } from 'zod'
import type { Queryable } from '../../database/types.ts'

/**
 * Stores a validated batch in one statement: the rows travel as one JSON parameter and are
 * expanded by jsonb_to_recordset, so nothing from the request is spliced into SQL and the batch
 * lands whole or not at all.
 */
export async function recordAnalyticsEvents(
  tx: Queryable,
  batch: z.output<typeof AnalyticsBatchSchema>,
): Promise<number> {
  const rows = batch.events.map((e) => ({
    name: e.name,
    properties: e.properties,
    user_id: e.userId,
    tenant_id: e.tenantId,
    occurred_at: e.timestamp,
    session_id: e.sessionId ?? null,
    url: e.url ?? null,
    referrer: e.referrer ?? null,
  }))
  const result = await tx.query(
    `insert into public.analytics_events
       (name, properties, user_id, tenant_id, occurred_at, session_id, url, referrer)
     select name, coalesce(properties, '{}'::jsonb), user_id, tenant_id, occurred_at, session_id, url, referrer
       from jsonb_to_recordset($1::jsonb) as r(
         name text, properties jsonb, user_id uuid, tenant_id uuid, occurred_at timestamptz,
         session_id text, url text, referrer text)`,
    [JSON.stringify(rows)],
  )
  return result.affectedRows
}
