import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { WebSocketServer } from 'ws'
import type { Deps } from './deps.ts'
import { createHealthRoutes } from './health.ts'
import { supabaseCors } from './http/cors.ts'
import type { GatewayEnv } from './http/gateway-env.ts'
import { requestLog } from './http/request-log.ts'
import { securityHeaders } from './http/security-headers.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './http/service-error.ts'
import { robots, sitemap } from './http/sitemap.ts'
import { staticSite, WEB_DIST } from './http/static-site.ts'
import { createAuthRoutes } from './services/auth/routes.ts'
import { createFunctionsRoutes } from './services/functions/routes.ts'
import { createMonitoringRoutes } from './services/monitoring/routes.ts'
import { closeRealtimeSockets, createRealtimeSocketServer } from './services/realtime/create-socket-server.ts'
import { RealtimeHub } from './services/realtime/realtime-hub.ts'
import { createRealtimeRoutes } from './services/realtime/routes.ts'
import { createRestRoutes } from './services/rest/routes.ts'
import { createStorageRoutes } from './services/storage/routes.ts'

export interface AppOptions {
  /** Folder of the built web app; tests may point elsewhere. */
  webDist?: string
}

/** A built gateway: the Hono app, the `ws` server its realtime upgrades go to, and how to stop it. */
export interface Gateway {
  app: Hono<GatewayEnv>
  /** Pass to `serve({ websocket: { server } })` so `/realtime/v1/websocket` can upgrade. */
  websocket: WebSocketServer
  /**
   * Starts the periodic work no client waits for: pruning realtime's captured row changes and its
   * database broadcasts (realtime.send()), which would otherwise wait for the first subscriber
   * (main.ts calls it at start-up; tests that build a gateway need not). `stop()` ends it.
   */
  startHousekeeping(): void
  /**
   * Stops what the gateway itself runs: every realtime socket is told and closed, the change feed
   * stops listening, background work (auth mails) finishes. Call it after the HTTP server stopped accepting and before the database is
   * closed (main.ts shows the order). Safe to call more than once.
   */
  stop(): Promise<void>
}

/** Builds the gateway. No I/O happens here: everything it needs arrives in `deps` (see createDeps). */
export function createApp(deps: Deps, options: AppOptions = {}): Gateway {
  const hub = new RealtimeHub(deps)
  const websocket = createRealtimeSocketServer(deps.config)
  const app = new Hono<GatewayEnv>()

  // Headers every answer carries, errors included (CSP, no framing, HSTS on https requests: security-headers.ts).
  app.use(
    '*',
    securityHeaders({
      siteUrl: deps.config.SITE_URL,
      trustProxy: deps.config.TRUST_PROXY > 0,
      hstsMaxAgeSeconds: deps.config.HSTS_MAX_AGE_SECONDS,
      hstsIncludeSubdomains: deps.config.HSTS_INCLUDE_SUBDOMAINS,
    }),
  )
  // Every request gets an id (log lines and `X-Request-Id`); a client's own id is not trusted.
  app.use('*', async (c, next) => {
    const id = randomUUID()
    c.set('requestId', id)
    c.header('X-Request-Id', id)
    await next()
  })
  app.use('*', requestLog(deps.logger))
  for (const prefix of ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1', '/realtime/v1', '/api']) {
    app.use(`${prefix}/*`, supabaseCors())
  }
  // Each service renders its own failures in its protocol's shape (docs/decisions/012); what
  // escapes them is logged with the request id and answered neutrally.
  app.onError((error, c) => {
    const requestId = c.get('requestId')
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn(
        { err: error, requestId, method: c.req.method, path: c.req.path },
        'database unavailable',
      )
      return c.json(
        {
          error: 'database_unavailable',
          message: 'The database is unavailable, retry shortly',
          request_id: requestId,
        },
        503,
        { 'Retry-After': DATABASE_RETRY_AFTER_SECONDS },
      )
    }
    deps.logger.error({ err: error, requestId, method: c.req.method, path: c.req.path }, 'request failed')
    return c.json({ error: 'internal_error', message: 'Internal server error', request_id: requestId }, 500)
  })

  // /health (the database answers), /health/live (the process), /health/ready (can serve): health.ts.
  app.route('/health', createHealthRoutes(deps))

  app.route('/auth/v1', createAuthRoutes(deps))
  app.route('/rest/v1', createRestRoutes(deps))
  app.route('/storage/v1', createStorageRoutes(deps))
  // Functions reach the auth admin API through the gateway itself, as an Edge Function fetches SUPABASE_URL.
  app.route(
    '/functions/v1',
    createFunctionsRoutes(deps, undefined, async (request) => app.fetch(request)),
  )
  app.route('/realtime/v1', createRealtimeRoutes(hub))
  app.route('/api', createMonitoringRoutes(deps))

  const webDist = options.webDist ?? WEB_DIST
  app.get('/sitemap.xml', sitemap(deps.db, deps.config.siteUrl))
  app.get('/robots.txt', robots(webDist, deps.config.siteUrl))
  app.get(
    '*',
    staticSite(
      webDist,
      {
        anonKey: deps.keys.anonKey,
        siteUrl: deps.config.SITE_URL,
        adminTwoFactorRequired: deps.config.AUTH_MFA_REQUIRED_FOR_ADMINS,
      },
      { db: deps.db, logger: deps.logger, siteUrl: deps.config.siteUrl },
    ),
  )

  let stopped: Promise<void> | undefined
  return {
    app,
    websocket,
    startHousekeeping() {
      hub.changeFeed.startPruning()
      hub.messageFeed.startPruning()
    },
    stop() {
      stopped ??= (async () => {
        await hub.stop()
        // Sockets still between upgrade and registration.
        closeRealtimeSockets(websocket)
        // Mails already promised to a client are written before the database closes.
        await deps.background.settled()
      })()
      return stopped
    },
  }
}
