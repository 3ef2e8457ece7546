import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { decodeJwt, SignJWT } from 'jose'
import pg from 'pg'
import { createApp } from '../../apps/gateway/src/app.ts'
import { loadConfig } from '../../apps/gateway/src/config.ts'
import { migrate } from '../../apps/gateway/src/database/migrate.ts'
import { openPglite } from '../../apps/gateway/src/database/pglite.ts'
import { openPostgres } from '../../apps/gateway/src/database/postgres.ts'
import { ANON, asCaller } from '../../apps/gateway/src/database/request-scope.ts'
import { DEMO_ACCOUNTS, seedDemo } from '../../apps/gateway/src/database/seed.ts'
import type { Database } from '../../apps/gateway/src/database/types.ts'
import { createDeps } from '../../apps/gateway/src/deps.ts'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'

/**
 * The server side of bench/scenarios/rest.ts, in a worker thread so the load generator does not
 * share its event loop: the gateway, a hand-written Hono route doing the same queries through the
 * same driver, pool and role switch, and the raw driver loop (same statements, no HTTP).
 */
const { driver, url } = workerData as { driver: 'pglite' | 'postgres'; url?: string }

const LIST_SQL = 'select * from public.shops order by shop_no asc'
const BY_ID_SQL = 'select * from public.shops where id = $1'

let db: Database
let dropDatabase = async () => {}
if (driver === 'pglite') {
  db = await openPglite()
} else {
  const name = `genesis_bench_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const u = new URL(url ?? '')
  u.pathname = `/${name}`
  db = await openPostgres(u.toString())
  // Without `force`: terminating a connection the pool is still closing would crash the worker.
  // The pool is closed first; a backend that is still exiting gets a moment.
  dropDatabase = async () => {
    const drop = new pg.Client({ connectionString: url })
    await drop.connect()
    for (let attempt = 1; ; attempt++) {
      try {
        await drop.query(`drop database if exists ${name}`)
        break
      } catch (error) {
        if (attempt === 10) {
          console.warn(`  could not drop the benchmark database ${name}: ${String(error)}`)
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
    await drop.end()
  }
}
await migrate(db)
await seedDemo(db)
const shopId = (await db.query<{ id: string }>("select id from public.shops where shop_no = 'G01'")).rows[0]
  .id

// Nothing is stored by this scenario; the blob store gets a throwaway folder all the same.
const dataDir = mkdtempSync(join(tmpdir(), 'genesis-rest-bench-'))
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir })
const keys = await keysFromSecret('bench-secret-of-the-genesis-gateway-0123456789')
const gateway = createApp(createDeps({ config, db, keys }))

const hand = new Hono()
hand.get('/shops', async (c) => {
  const result = await asCaller(db, ANON, (tx) => tx.query(LIST_SQL), { readOnly: true })
  return c.json(result.rows)
})
hand.get('/shops/:id', async (c) => {
  const result = await asCaller(db, ANON, (tx) => tx.query(BY_ID_SQL, [c.req.param('id')]), {
    readOnly: true,
  })
  return c.json(result.rows)
})
const app = new Hono()
app.route('/hand', hand)
app.route('/', gateway.app)

// A tenant's token from a real sign-in (it names its session, which every request then checks:
// migration 20261124100000), and the same claims without `session_id` (a token minted with the
// secret, which skips the check): the two differ only in the session lookup.
const tenant = DEMO_ACCOUNTS.find((a) => a.role === 'tenant')
const signIn = await gateway.app.request('/auth/v1/token?grant_type=password', {
  method: 'POST',
  headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
  body: JSON.stringify({ email: tenant?.email, password: tenant?.password }),
})
if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`)
const sessionToken = ((await signIn.json()) as { access_token: string }).access_token
const { session_id: _session, ...unbound } = decodeJwt(sessionToken)
const unboundToken = await new SignJWT(unbound)
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  .sign(new TextEncoder().encode(keys.jwtSecret))

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  parentPort?.postMessage({
    type: 'ready',
    port: info.port,
    shopId,
    anonKey: keys.anonKey,
    sessionToken,
    unboundToken,
  })
})

/** The raw driver loop: `concurrency` callers issuing the statement back to back for `ms`. */
async function rawLoop(kind: 'list' | 'byId', ms: number, concurrency: number) {
  const latencies: number[] = []
  const end = performance.now() + ms
  const one = () =>
    asCaller(db, ANON, (tx) => (kind === 'list' ? tx.query(LIST_SQL) : tx.query(BY_ID_SQL, [shopId])), {
      readOnly: true,
    })
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now()
        const result = await one()
        // Serialise as the routes do, so the comparison includes making the reply.
        JSON.stringify(result.rows)
        latencies.push(performance.now() - t)
      }
    }),
  )
  return latencies
}

parentPort?.on(
  'message',
  async (message: { type: string; kind: 'list' | 'byId'; ms: number; concurrency: number }) => {
    if (message.type === 'raw') {
      const latencies = await rawLoop(message.kind, message.ms, message.concurrency)
      parentPort?.postMessage({ type: 'raw-done', latencies })
    } else if (message.type === 'close') {
      server.close()
      await db.close()
      await dropDatabase()
      rmSync(dataDir, { recursive: true, force: true })
      parentPort?.postMessage({ type: 'closed' })
    }
  },
)
