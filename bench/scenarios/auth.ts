import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { verify } from '@node-rs/bcrypt'
import { createApp } from '../../apps/gateway/src/app.ts'
import { loadConfig } from '../../apps/gateway/src/config.ts'
import { migrate } from '../../apps/gateway/src/database/migrate.ts'
import { openPglite } from '../../apps/gateway/src/database/pglite.ts'
import { DEMO_ACCOUNTS, seedDemo } from '../../apps/gateway/src/database/seed.ts'
import { createDeps } from '../../apps/gateway/src/deps.ts'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'

/**
 * Auth speed, as ratios measured side by side in one run (in-process requests, no network):
 * - refresh-token grants per second against the REST by-id read of the same run
 *   (`GET /rest/v1/shops?id=eq.<id>` as anon through the same gateway) — target ≥ 0.4×;
 * - password sign-ins per second against a raw loop of the same bcrypt verification (cost 10,
 *   same concurrency) — target ≥ 0.8×.
 * Each phase is bounded by time and count; the bcrypt comparison alternates in rounds.
 */
const PHASE_MS = 3000
const MAX_OPS = 5000
const CONCURRENCY = 4
const ROUNDS = 3

async function measure(label: string, op: (worker: number) => Promise<void>): Promise<number> {
  let done = 0
  const started = performance.now()
  const deadline = started + PHASE_MS
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < deadline && done < MAX_OPS) {
        await op(worker)
        done += 1
      }
    }),
  )
  const perSecond = done / ((performance.now() - started) / 1000)
  console.log(
    `  ${label.padEnd(44)} ${perSecond.toFixed(1).padStart(8)} /s  (${done} in ${PHASE_MS / 1000} s)`,
  )
  return perSecond
}

export default async function run(): Promise<void> {
  const db = await openPglite()
  await migrate(db)
  await seedDemo(db)
  const dataDir = mkdtempSync(join(tmpdir(), 'genesis-bench-auth-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://127.0.0.1:8080',
    AUTH_RATE_LIMIT_SIGN_IN: '100000',
    AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
  })
  const keys = await keysFromSecret('bench-secret-of-the-genesis-gateway-0123456789')
  const { app } = createApp(createDeps({ config, db, keys }))
  const headers = {
    apikey: keys.anonKey,
    'content-type': 'application/json',
    'x-supabase-api-version': '2024-01-01',
  }
  const account = DEMO_ACCOUNTS[1]

  const signIn = async () => {
    const res = await app.request('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
    return (await res.json()) as { access_token: string; refresh_token: string }
  }

  // One session per worker, each rotating its own refresh-token chain.
  const sessions = await Promise.all(Array.from({ length: CONCURRENCY }, signIn))
  for (let i = 0; i < 200; i++) await app.request('/auth/v1/health', { headers })
  const shop = await db.query<{ id: string }>(`select id from public.shops where shop_no = 'G01'`)
  const byIdPath = `/rest/v1/shops?id=eq.${shop.rows[0].id}`
  const byId = await measure('GET /rest/v1/shops?id=eq.… (REST by-id read, baseline)', async () => {
    const res = await app.request(byIdPath, { headers: { apikey: keys.anonKey } })
    if (res.status !== 200) throw new Error(`by-id read failed: ${res.status}`)
    await res.arrayBuffer()
  })
  const refresh = await measure('refresh-token grant', async (w) => {
    const res = await app.request('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers,
      body: JSON.stringify({ refresh_token: sessions[w].refresh_token }),
    })
    if (res.status !== 200) throw new Error(`refresh failed: ${res.status} ${await res.text()}`)
    sessions[w] = (await res.json()) as { access_token: string; refresh_token: string }
  })

  const { rows } = await db.query<{ hash: string }>(
    'select encrypted_password as hash from auth.users where email = $1',
    [account.email],
  )
  const hash = rows[0].hash
  // bcrypt is slow and this machine is shared: alternate the two in short rounds so that both
  // see the same load, and compare the totals.
  // Warm up both paths first (JIT, statement plans, PGlite buffers), so that round 1 is not
  // measuring start-up costs that the raw loop does not pay.
  for (let i = 0; i < 8; i++) {
    await signIn()
    await verify(account.password, hash)
  }
  const rawRounds: number[] = []
  const grantRounds: number[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    rawRounds.push(
      await measure(`raw bcrypt verify (cost 10, baseline) #${round}`, async () => {
        if (!(await verify(account.password, hash))) throw new Error('hash did not verify')
      }),
    )
    grantRounds.push(
      await measure(`password sign-in (POST /token) #${round}`, async () => {
        await signIn()
      }),
    )
  }
  const raw = rawRounds.reduce((a, b) => a + b, 0) / ROUNDS
  const passwordGrants = grantRounds.reduce((a, b) => a + b, 0) / ROUNDS

  console.log(`  refresh grants / by-id reads:   ${(refresh / byId).toFixed(2)}×  (target ≥ 0.40×)`)
  console.log(`  password sign-ins / raw bcrypt: ${(passwordGrants / raw).toFixed(2)}×  (target ≥ 0.80×)`)
  await db.close()
  rmSync(dataDir, { recursive: true, force: true })
}
