import { WebSocketServer } from 'ws'
import type { Config } from '../../config.ts'

/**
 * The `ws` server that @hono/node-server hands upgrades to (createApp passes it out as
 * `websocket`, for `serve({ websocket: { server } })`). Frames larger than twice the broadcast
 * limit close the socket (1009) before they are buffered, so one client cannot make the process
 * hold arbitrary amounts of memory.
 */
export function createRealtimeSocketServer(
  config: Pick<Config, 'REALTIME_MAX_MESSAGE_BYTES'>,
): WebSocketServer {
  return new WebSocketServer({
    noServer: true,
    maxPayload: 2 * config.REALTIME_MAX_MESSAGE_BYTES + 64 * 1024,
  })
}

/** Closes every realtime socket so that the HTTP server can finish closing. */
export function closeRealtimeSockets(server: WebSocketServer): void {
  for (const client of server.clients) client.close(1001, 'server shutting down')
}
