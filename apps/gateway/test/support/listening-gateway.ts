import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { createApp } from '../../src/app.ts'
import type { Driver } from './database.ts'
import { createTestGateway, type TestGateway } from './gateway.ts'

export interface SocketClientOptions {
  key?: string
  accessToken?: string
  /** The realtime client's heartbeat (default 25 s); tests with a short server timeout beat faster. */
  heartbeatIntervalMs?: number
}

export interface ListeningGateway extends TestGateway {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /**
   * A supabase-js client talking to the listening server over real sockets (REST and realtime),
   * signed in as the owner of `accessToken` when given.
   */
  socketClient(options?: SocketClientOptions): Promise<SupabaseClient>
  /** Stops the HTTP server (closing every realtime socket) but keeps the database. */
  stopServer(): Promise<void>
  /** Starts the gateway again (a new app on the same database), on the same port. */
  restartServer(): Promise<void>
}

/**
 * The gateway listening on a loopback port (port 0 = any free one), with realtime websockets,
 * for tests that need a real socket (the supabase-js realtime client, raw `ws` clients).
 */
export async function startListeningGateway(
  driver: Driver,
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<ListeningGateway> {
  const gateway = await createTestGateway(driver, options)
  const clients: SupabaseClient[] = []
  let running = await listen(gateway, 0)
  const state = {
    ...gateway,
    url: `http://127.0.0.1:${running.port}`,
    port: running.port,
    async socketClient(clientOptions: SocketClientOptions = {}) {
      const { accessToken } = clientOptions
      // With `accessToken`, supabase-js sends that token on REST calls and as the realtime
      // channels' access_token (re-read at every heartbeat), as an app with a session would.
      const client = createClient(state.url, clientOptions.key ?? gateway.keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        ...(accessToken ? { accessToken: async () => accessToken } : {}),
        realtime: { heartbeatIntervalMs: clientOptions.heartbeatIntervalMs ?? 25_000 },
      })
      clients.push(client)
      // An app creates its client at start-up, long before it subscribes; resolve the token now so
      // that the first join already carries it (as in the app) instead of racing the socket.
      await client.realtime.setAuth()
      return client
    },
    stopServer: () => running.stop(),
    async restartServer() {
      running = await listen(gateway, state.port)
    },
    async close() {
      for (const client of clients) await client.removeAllChannels().catch(() => undefined)
      for (const client of clients) client.realtime.disconnect()
      await running.stop()
      await gateway.close()
    },
  }
  return state
}

async function listen(gateway: TestGateway, port: number) {
  // A fresh app per start, as after a process restart (the database stays).
  const built = port === 0 ? gateway.gateway : createApp(gateway.deps)
  const { promise, resolve } = Promise.withResolvers<AddressInfo>()
  const server = serve(
    { fetch: built.app.fetch, port, hostname: '127.0.0.1', websocket: { server: built.websocket } },
    (info) => resolve(info),
  )
  const info = await promise
  let stopped: Promise<void> | undefined
  return {
    port: info.port,
    stop() {
      // The order of main.ts: stop accepting, stop the realtime service, drop what is left.
      stopped ??= (async () => {
        const closed = new Promise<void>((done) => server.close(() => done()))
        await built.stop()
        if ('closeAllConnections' in server) server.closeAllConnections()
        await closed
      })()
      return stopped
    },
  }
}
