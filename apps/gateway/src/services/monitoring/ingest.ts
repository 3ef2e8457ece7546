import type { Context } from 'hono'
import type { z } from 'zod'
import { asCaller, SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Queryable } from '../../database/types.ts'
import type { Deps } from '../../deps.ts'
import { jsonBodyReader } from '../../http/json-body.ts'
import { JSON_BODY_ERRORS } from './errors.ts'

/**
 * `navigator.sendBeacon` with a string body sends `text/plain;charset=UTF-8` (a CORS-simple type,
 * so no preflight on unload); fetch sends `application/json`. Both carry the same JSON.
 */
export const MEDIA_TYPES = ['application/json', 'text/plain']

/**
 * The shape every ingestion endpoint shares: read the body (at most `limitBytes`, counted while it
 * streams) and parse it with its schema (bad input never reaches the database), then store it as
 * the service role in one transaction, and answer 204 (the client reads only `ok`).
 */
export function ingest<S extends z.ZodType>(
  deps: Deps,
  schema: S,
  store: (tx: Queryable, payload: z.output<S>) => Promise<number>,
  limitBytes: number,
) {
  const body = jsonBodyReader(JSON_BODY_ERRORS, deps.config, { limitBytes, mediaTypes: MEDIA_TYPES })
  return async (c: Context): Promise<Response> => {
    const payload = await body.read(c, schema)
    await asCaller(deps.db, SERVICE_ROLE, (tx) => store(tx, payload))
    return c.body(null, 204)
  }
}
