import type { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import { notImplemented } from '../../http/not-implemented.ts'

/** /realtime/v1 — Phoenix channels over websocket (issue: realtime service). */
export function createRealtimeRoutes(_deps: Deps): Hono {
  return notImplemented({ error: 'The realtime service is not available yet' })
}
