import type { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import { notImplemented } from '../../http/not-implemented.ts'

/** /rest/v1 — PostgREST protocol (issue: data gateway). */
export function createRestRoutes(_deps: Deps): Hono {
  return notImplemented({
    code: 'PGRST501',
    details: null,
    hint: null,
    message: 'The REST service is not available yet',
  })
}
