import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../apps/gateway/src/app.ts'
import { createDiskBlobStore } from '../../apps/gateway/src/blob-store/disk-blob-store.ts'
import { loadConfig } from '../../apps/gateway/src/config.ts'
import { migrate } from '../../apps/gateway/src/database/migrate.ts'
import { openPglite } from '../../apps/gateway/src/database/pglite.ts'
import { createDeps } from '../../apps/gateway/src/deps.ts'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'

/**
 * Analytics ingestion on embedded PGlite, in process (no sockets): events per second stored through
 * POST /api/analytics/events one event per request and 100 per request (what the client's queue
 * sends), against a baseline of bare single-row inserts on the same database in the same run.
 * Bounded: 2,000 events per variant.
 */
const EVENTS = 2000

function event(i: number) {
  return {
    name: 'page_view',
    properties: {
      page: `/stores/${i}`,
      title: 'Stores',
      loadTime: 800,
      language: 'en-ZA',
      timezone: 'Africa/Johannesburg',
    },
    userId: null,
    tenantId: null,
    timestamp: new Date().toISOString(),
    sessionId: 'bench-session',
    url: `http://localhost/stores/${i}`,
    referrer: null,
  }
}

export default async function run(): Promise<void> {
  const db = await openPglite()
  await migrate(db)
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data/bench',
    MONITORING_RATE_LIMIT: '1000000',
  })
  const keys = await keysFromSecret('bench-secret-of-the-genesis-gateway-0123456789')
  // Storage is not exercised; it still needs a folder of its own.
  const blobDir = mkdtempSync(join(tmpdir(), 'genesis-bench-blobs-'))
  const { app } = createApp(createDeps({ config, db, keys, blobStore: createDiskBlobStore(blobDir) }))

  const post = async (events: unknown[]) => {
    const res = await app.request('/api/analytics/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    })
    if (res.status !== 204) throw new Error(`ingestion answered ${res.status}: ${await res.text()}`)
  }
  const time = async (fn: () => Promise<void>) => {
    const start = performance.now()
    await fn()
    return EVENTS / ((performance.now() - start) / 1000)
  }

  // Warm-up: JIT, prepared plans, first-touch of the table.
  await post(Array.from({ length: 100 }, (_, i) => event(i)))

  const baseline = await time(async () => {
    for (let i = 0; i < EVENTS; i++) {
      const e = event(i)
      await db.query(
        `insert into public.analytics_events (name, properties, occurred_at, session_id, url)
         values ($1, $2::jsonb, $3, $4, $5)`,
        [e.name, JSON.stringify(e.properties), e.timestamp, e.sessionId, e.url],
      )
    }
  })
  const single = await time(async () => {
    for (let i = 0; i < EVENTS; i++) await post([event(i)])
  })
  const batched = await time(async () => {
    for (let i = 0; i < EVENTS; i += 100) await post(Array.from({ length: 100 }, (_, j) => event(i + j)))
  })
  await db.close()
  rmSync(blobDir, { recursive: true, force: true })

  const row = (label: string, rate: number) =>
    console.log(
      `${label.padEnd(44)} ${Math.round(rate).toString().padStart(7)} events/s   ×${(rate / baseline).toFixed(2)}`,
    )
  console.log(`PGlite, ${EVENTS} events per variant (ratio against bare inserts)`)
  row('bare single-row insert (baseline)', baseline)
  row('POST /api/analytics/events, 1 per request', single)
  row('POST /api/analytics/events, 100 per request', batched)
}
