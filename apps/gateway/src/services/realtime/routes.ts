import { Hono } from 'hono'
import type { GatewayEnv } from '../../http/gateway-env.ts'
import { serviceErrorHandler } from '../../http/service-error.ts'
import { openSocket } from './open-socket.ts'
import { postBroadcast } from './post-broadcast.ts'
import { postBroadcastEvent } from './post-broadcast-event.ts'
import { API_ERRORS } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'

/**
 * /realtime/v1 — Phoenix channels over websocket (supabase-protocol.md §6).
 * Who may call: the socket needs a project key in `apikey` (query); each channel then acts for
 * its access token, and row changes reach it only where RLS lets that token select the row.
 * The REST broadcasts need a project key, and a valid bearer when one is sent.
 */
export function createRealtimeRoutes(hub: RealtimeHub): Hono<GatewayEnv> {
  const { deps } = hub
  const app = new Hono<GatewayEnv>()
  app.onError(
    serviceErrorHandler({ logger: deps.logger, service: 'realtime', internal: API_ERRORS.Internal }),
  )
  app.get('/websocket', openSocket(hub))
  app.post('/api/broadcast', (c) => postBroadcast(hub, c))
  app.post('/api/broadcast/:topic/events/:event', (c) => postBroadcastEvent(hub, c))
  return app
}
