import { Hono } from 'hono'
import { listMigrations } from './database/migrate.ts'
import type { Deps } from './deps.ts'
import type { GatewayEnv } from './http/gateway-env.ts'
import { DATABASE_RETRY_AFTER_SECONDS } from './http/service-error.ts'
import { schemaCacheFor } from './services/rest/schema-cache.ts'

/**
 * Health for a load balancer or an orchestrator, the three answers kept apart:
 *
 * - `GET /health`: the database answers (`select 1`); as it always was, for scripts and CI.
 * - `GET /health/live`: the process is up and serving HTTP. No database call, so a database
 *   outage does not get every gateway restarted at once.
 * - `GET /health/ready`: this gateway can serve traffic: the database answers, every migration
 *   this gateway ships is recorded in it, and the REST schema cache is loaded. Otherwise 503 with
 *   Retry-After and the reason, so a load balancer sends requests to another instance meanwhile.
 */
export function createHealthRoutes(deps: Deps) {
  const app = new Hono<GatewayEnv>()
  const cache = schemaCacheFor(deps.db, deps.config.schemas, deps.logger)
  // Migrations are never undone: once every file is recorded, later checks skip the comparison.
  let migrated = false

  async function pendingMigrations(): Promise<string[]> {
    if (migrated) return []
    const files = await listMigrations()
    const { rows } = await deps.db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    )
    const recorded = new Set(rows.map((r) => r.version))
    const pending = files.filter((f) => !recorded.has(f.version)).map((f) => `${f.version}_${f.name}`)
    migrated = pending.length === 0
    return pending
  }

  app.get('/', async (c) => {
    try {
      await deps.db.query('select 1')
      return c.json({ status: 'ok', database: deps.db.kind })
    } catch (error) {
      deps.logger.error({ err: error }, 'health check failed')
      return c.json({ status: 'error', database: deps.db.kind }, 503, {
        'Retry-After': DATABASE_RETRY_AFTER_SECONDS,
      })
    }
  })

  app.get('/live', (c) => c.json({ status: 'live' }))

  app.get('/ready', async (c) => {
    const notReady = (reason: string) =>
      c.json({ status: 'not_ready', database: deps.db.kind, reason }, 503, {
        'Retry-After': DATABASE_RETRY_AFTER_SECONDS,
      })
    try {
      await deps.db.query('select 1')
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness: database unavailable')
      return notReady('database unavailable')
    }
    let pending: string[]
    try {
      pending = await pendingMigrations()
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness: migrations not readable')
      return notReady('migrations not applied')
    }
    if (pending.length > 0) return notReady(`migrations not applied: ${pending.join(', ')}`)
    try {
      await cache.get()
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness: REST schema cache not loaded')
      return notReady('schema cache not loaded')
    }
    return c.json({ status: 'ready', database: deps.db.kind })
  })

  return app
}
