import type { Context } from 'hono'
import type { z } from 'zod'
import { asCaller, SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Queryable } from '../../database/types.ts'
import type { Deps } from '../../deps.ts'
import { readPayload } from './read-payload.ts'

/**
 * The shape every ingestion endpoint shares: parse the body with its schema (bad input never
 * reaches the database), then store it as the service role in one transaction, and answer 204
 * (the client reads only `ok`).
 */
export function ingest<S extends z.ZodType>(
  deps: Deps,
  schema: S,
  store: (tx: Queryable, payload: z.output<S>) => Promise<number>,
) {
  return async (c: Context): Promise<Response> => {
    const payload = await readPayload(c, schema)
    await asCaller(deps.db, SERVICE_ROLE, (tx) => store(tx, payload))
    return c.body(null, 204)
  }
}
