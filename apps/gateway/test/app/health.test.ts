import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { createDiskBlobStore } from '../../src/blob-store/disk-blob-store.ts'
import { loadConfig } from '../../src/config.ts'
import type { Database } from '../../src/database/types.ts'
import { createDeps } from '../../src/deps.ts'
import { keysFromSecret } from '../../src/keys.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'

/**
 * Issue 19: a load balancer asks whether a gateway lives (restart it if not) apart from whether it
 * is ready (send it traffic). `/health` stays as scripts and CI know it.
 */
describe.each(drivers)('health, liveness and readiness (%s)', (driver) => {
  let db: TestDatabase
  let gateway: Gateway
  /** While true, every statement of the gateway fails as if the database were away. */
  let databaseAway = false
  let statements = 0

  beforeAll(async () => {
    db = await createTestDatabase(driver)
    const flaky: Database = {
      ...db,
      kind: db.kind,
      query(sql, params, options) {
        statements += 1
        if (databaseAway) return Promise.reject(new Error('connect ECONNREFUSED'))
        return db.query(sql, params, options)
      },
      transaction: (fn, options) => db.transaction(fn, options),
      listen: (channel, handler, options) => db.listen(channel, handler, options),
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
    }
    const dir = mkdtempSync(join(tmpdir(), 'health-'))
    gateway = createApp(
      createDeps({
        config: loadConfig({ LOG_LEVEL: 'silent' }),
        db: flaky,
        keys: await keysFromSecret(TEST_JWT_SECRET),
        blobStore: createDiskBlobStore(join(dir, '.blobs')),
      }),
      { webDist: dir },
    )
  })
  afterAll(async () => {
    await gateway?.stop()
    await db?.close()
  })

  it('is not ready while a migration this gateway ships is not recorded, and ready once it is', async () => {
    const { rows } = await db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version desc limit 1',
    )
    const last = rows[0]
    await db.query('delete from supabase_migrations.schema_migrations where version = $1', [last.version])
    const pending = await gateway.app.request('/health/ready')
    expect(pending.status).toBe(503)
    expect(pending.headers.get('retry-after')).toBe('1')
    expect(await pending.json()).toEqual({
      status: 'not_ready',
      database: driver,
      reason: `migrations not applied: ${last.version}_${last.name}`,
    })
    await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
      last.version,
      last.name,
    ])
    const ready = await gateway.app.request('/health/ready')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', database: driver })
  })

  it('answers /health and /health/live as before while the database answers', async () => {
    const health = await gateway.app.request('/health')
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok', database: driver }])
    const live = await gateway.app.request('/health/live')
    expect([live.status, await live.json()]).toEqual([200, { status: 'live' }])
  })

  it('stays live without asking the database, and is not ready while the database is away', async () => {
    databaseAway = true
    try {
      const before = statements
      const live = await gateway.app.request('/health/live')
      expect([live.status, await live.json()]).toEqual([200, { status: 'live' }])
      expect(statements).toBe(before)

      const ready = await gateway.app.request('/health/ready')
      expect(ready.status).toBe(503)
      expect(ready.headers.get('retry-after')).toBe('1')
      expect(await ready.json()).toEqual({
        status: 'not_ready',
        database: driver,
        reason: 'database unavailable',
      })

      const health = await gateway.app.request('/health')
      expect(health.status).toBe(503)
      expect(health.headers.get('retry-after')).toBe('1')
      expect(await health.json()).toEqual({ status: 'error', database: driver })
    } finally {
      databaseAway = false
    }
    expect((await gateway.app.request('/health/ready')).status).toBe(200)
  })
})
