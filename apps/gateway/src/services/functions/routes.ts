import type { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import { notImplemented } from '../../http/not-implemented.ts'

/** /functions/v1 — edge-function protocol (issue: data gateway). */
export function createFunctionsRoutes(_deps: Deps): Hono {
  return notImplemented({ code: 'NOT_IMPLEMENTED', message: 'Functions are not available yet' })
}
