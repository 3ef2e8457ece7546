import type { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import { notImplemented } from '../../http/not-implemented.ts'

/** /auth/v1 — GoTrue protocol (issue: auth service). */
export function createAuthRoutes(_deps: Deps): Hono {
  return notImplemented({
    code: 'not_implemented',
    error_code: 'not_implemented',
    message: 'The auth service is not available yet',
  })
}
