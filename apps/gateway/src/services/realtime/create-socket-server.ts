import { WebSocketServer } from 'ws'
import type { Config } from '../../config.ts'

/**
 * The `ws` server that @hono/node-server hands upgrades to (pass it as `serve({ websocket: { server } })`).
 * Frames larger than twice the broadcast limit close the socket (1009) before they are buffered,
 * so one client cannot make the process hold arbitrary amounts of memory.
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

const stopped = new WeakMap<WebSocketServer, Promise<void>>()

/** Runs `stop` once when the `ws` server closes (it closes with the HTTP server). */
export function stopWithSocketServer(server: WebSocketServer, stop: () => Promise<void>): void {
  if (stopped.has(server)) return
  stopped.set(server, new Promise((resolve) => server.once('close', () => void stop().finally(resolve))))
}

/**
 * Resolves once the realtime service that used this `ws` server has stopped (sockets closed, no
 * longer listening for changes), so the database can be closed after it.
 */
export function realtimeStopped(server: WebSocketServer): Promise<void> {
  return stopped.get(server) ?? Promise.resolve()
}
