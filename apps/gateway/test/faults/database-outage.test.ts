import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { migrate } from '../../src/database/migrate.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import { seedDemo } from '../../src/database/seed.ts'
import type { Database } from '../../src/database/types.ts'
import { createDeps } from '../../src/deps.ts'
import { type Keys, keysFromSecret } from '../../src/keys.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from '../support/private-postgres.ts'

/**
 * Fault story of issue 11: PostgreSQL is stopped under a running gateway that is serving requests.
 * Every request answers — a 503 with `Retry-After` in its service's own shape, never a 500, a 400
 * or no answer — `/health` says the database is away, and once PostgreSQL is back the same
 * gateway process serves again without a restart.
 *
 * Runs against a PostgreSQL server of its own (test/support/private-postgres.ts): the suite's
 * shared cluster is never stopped. Needs the server binaries scripts/test-env.sh installs; in CI
 * their absence fails the story instead of skipping it.
 */
const ci = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false'
const runnable = ci || postgresBinDir() !== undefined

describe.skipIf(!runnable)('PostgreSQL stopped under a running gateway', () => {
  let pg: PrivatePostgres
  let db: Database
  let gateway: Gateway
  let keys: Keys

  beforeAll(async () => {
    pg = await startPrivatePostgres()
    db = await openPostgres(pg.url, 4, { connectionTimeoutMs: 2000 })
    await migrate(db)
    await seedDemo(db)
    keys = await keysFromSecret(TEST_JWT_SECRET)
    const config = loadConfig({
      DATA_DIR: '.data/test',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_SIGN_IN: '1000',
    })
    gateway = createApp(createDeps({ config, db, keys }))
  }, 120_000)

  afterAll(async () => {
    await gateway?.stop()
    await db?.close().catch(() => undefined)
    pg?.destroy()
  })

  const anon = () => ({ apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` })
  const service = () => ({ apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}` })
  const request = (path: string, init: RequestInit = {}) => gateway.app.request(path, init)

  let writes = 0
  /** One request of each kind a client sends: reads and writes on REST, storage, auth, /health. */
  const probes = {
    restRead: () => request('/rest/v1/shops?select=id&limit=1', { headers: anon() }),
    restWrite: () =>
      request('/rest/v1/vacant_shops', {
        method: 'POST',
        headers: { ...service(), 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ unit_number: `OUTAGE-${++writes}`, size_m2: 42 }),
      }),
    storage: () => request('/storage/v1/bucket', { headers: service() }),
    auth: () =>
      request('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { ...anon(), 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'tenant.a@genesis-centre.test', password: 'Tenant-A-demo-2024!' }),
      }),
    health: () => request('/health'),
  }

  it('answers 503 with Retry-After while it is down, and serves again when it is back', async () => {
    // Up: every probe succeeds.
    const up = await Promise.all(Object.values(probes).map((probe) => probe()))
    expect(up.map((r) => r.status)).toEqual([200, 201, 200, 200, 200])

    // Under load: readers keep asking while the server stops; every answer is a 200 or a 503.
    const statuses: number[] = []
    let loading = true
    const readers = Array.from({ length: 4 }, async () => {
      while (loading) {
        const res = await probes.restRead()
        await res.arrayBuffer()
        statuses.push(res.status)
      }
    })
    // Stop once the readers are under way (a few answers in), polling with a bound of 10 s.
    for (let waited = 0; statuses.length < 8 && waited < 10_000; waited += 10) {
      await new Promise((r) => setTimeout(r, 10))
    }
    pg.stop()

    const down = {
      restRead: await probes.restRead(),
      restWrite: await probes.restWrite(),
      storage: await probes.storage(),
      auth: await probes.auth(),
      health: await probes.health(),
    }
    loading = false
    await Promise.all(readers)
    for (const [what, res] of Object.entries(down)) {
      expect(res.status, what).toBe(503)
      expect(res.headers.get('retry-after'), what).toBe('1')
    }
    expect(await down.restRead.json()).toMatchObject({ code: 'PGRST001' })
    expect(await down.restWrite.json()).toMatchObject({ code: 'PGRST001' })
    expect(await down.storage.json()).toMatchObject({ statusCode: '503', code: 'DatabaseUnavailable' })
    expect(await down.auth.json()).toMatchObject({ code: 'unexpected_failure' })
    expect(await down.health.json()).toEqual({ status: 'error', database: 'postgres' })
    // A load balancer stops sending traffic (not ready) but does not restart the process (live).
    const live = await request('/health/live')
    expect([live.status, await live.json()]).toEqual([200, { status: 'live' }])
    const ready = await request('/health/ready')
    expect([ready.status, ready.headers.get('retry-after'), await ready.json()]).toEqual([
      503,
      '1',
      { status: 'not_ready', database: 'postgres', reason: 'database unavailable' },
    ])
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses.filter((s) => s !== 200 && s !== 503))).toEqual(new Set())
    expect(statuses).toContain(503)

    // Back: the same process recovers by itself (dead pooled connections are replaced).
    pg.start()
    let healthy = false
    for (let attempt = 0; attempt < 50 && !healthy; attempt++) {
      healthy = (await probes.health()).status === 200
      if (!healthy) await new Promise((r) => setTimeout(r, 100))
    }
    expect(healthy).toBe(true)
    // A pool's connections may each need one failed statement to be found dead: a few tries.
    const again: number[] = []
    for (let attempt = 0; attempt < 10; attempt++) {
      const statusesNow = (await Promise.all(Object.values(probes).map((probe) => probe()))).map(
        (r) => r.status,
      )
      again.splice(0, again.length, ...statusesNow)
      if (statusesNow.every((s) => s < 300)) break
    }
    expect(again).toEqual([200, 201, 200, 200, 200])
    // The writes acknowledged before and after are kept; the one refused while down left nothing.
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.vacant_shops where unit_number like 'OUTAGE-%'`,
    )
    expect(rows[0].n).toBe(2)
  }, 120_000)
})
