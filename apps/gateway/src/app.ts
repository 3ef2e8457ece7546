import { Hono } from 'hono'
import type { Deps } from './deps.ts'
import { supabaseCors } from './http/cors.ts'
import { requestLog } from './http/request-log.ts'
import { staticSite, WEB_DIST } from './http/static-site.ts'
import { createAuthRoutes } from './services/auth/routes.ts'
import { createFunctionsRoutes } from './services/functions/routes.ts'
import { createMonitoringRoutes } from './services/monitoring/routes.ts'
import { createRealtimeRoutes } from './services/realtime/routes.ts'
import { createRestRoutes } from './services/rest/routes.ts'
import { createStorageRoutes } from './services/storage/routes.ts'

export interface AppOptions {
  /** Folder of the built web app; tests may point elsewhere. */
  webDist?: string
}

/** Builds the gateway. No I/O happens here: everything it needs arrives in `deps`. */
export function createApp(deps: Deps, options: AppOptions = {}): Hono {
  const app = new Hono()
  app.use('*', requestLog(deps.logger))
  for (const prefix of ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1', '/realtime/v1', '/api']) {
    app.use(`${prefix}/*`, supabaseCors())
  }

  app.get('/health', async (c) => {
    try {
      await deps.db.query('select 1')
      return c.json({ status: 'ok', database: deps.db.kind })
    } catch (error) {
      deps.logger.error({ err: error }, 'health check failed')
      return c.json({ status: 'error', database: deps.db.kind }, 503)
    }
  })

  app.route('/auth/v1', createAuthRoutes(deps))
  app.route('/rest/v1', createRestRoutes(deps))
  app.route('/storage/v1', createStorageRoutes(deps))
  app.route('/functions/v1', createFunctionsRoutes(deps))
  app.route('/realtime/v1', createRealtimeRoutes(deps))
  app.route('/api', createMonitoringRoutes(deps))

  app.get(
    '*',
    staticSite(options.webDist ?? WEB_DIST, {
      anonKey: deps.keys.anonKey,
      siteUrl: deps.config.SITE_URL,
      adminTwoFactorRequired: deps.config.AUTH_MFA_REQUIRED_FOR_ADMINS,
    }),
  )
  return app
}
