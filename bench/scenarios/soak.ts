import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'
import {
  freePort,
  startGatewayProcess,
  stopGatewayProcess,
  waitForReady,
} from '../../apps/gateway/test/support/gateway-process.ts'
import { keepAliveHttp } from '../support/keep-alive-http.ts'

/**
 * `npm run bench soak` (issue 11): the real gateway process (`node apps/gateway/src/main.ts`, demo
 * content, PGlite in a fresh data folder — or PostgreSQL when BENCH_SOAK_DATABASE_URL names an
 * empty database) under sustained mixed load at half its measured maximum REST rate, for
 * BENCH_SOAK_MINUTES (default 10) after an unmeasured warm-up. Reported as the first window against the last:
 * resident memory growth (target ≤ 10%), open file descriptors (target: flat), REST read p99
 * (reported), and the count of 5xx answers (target 0). Memory and descriptors are read from
 * /proc/<pid> of the gateway process, not of this load generator.
 *
 * The load: 70% `shops?id=eq.<id>` and 20% the ordered shop list as a visitor, 10% writes as the
 * service role (a row inserted, then deleted: the table does not grow), open loop at a fixed rate.
 */
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10)
/**
 * The same load for this long before the first measured window (default 120 s, or a fifth of a short
 * run): the JIT, the connection pool, the keep-alive sockets and the heap reach their working size,
 * so the windows compare steady state with steady state rather than a cold process with a warm one.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? Math.min(120, MINUTES * 12))
const SECRET = 'bench-secret-of-the-genesis-gateway-0123456789'

const http = keepAliveHttp()
const call = (port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string) =>
  http.status(`http://127.0.0.1:${port}${path}`, { method, headers, body })

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** Resident set size (KiB) and open descriptors of a process, from /proc. */
function sample(pid: number): { rssKiB: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return { rssKiB, fds: readdirSync(`/proc/${pid}/fd`).length }
}

interface Window {
  reads: number[]
  requests: number
  errors5xx: number
  failures: number
  rss: number[]
  fds: number[]
}
const emptyWindow = (): Window => ({ reads: [], requests: 0, errors5xx: 0, failures: 0, rss: [], fds: [] })
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export default async function run() {
  const keys = await keysFromSecret(SECRET)
  const dataDir = mkdtempSync(join(tmpdir(), 'genesis-soak-'))
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    // PGlite in the data folder, unless BENCH_SOAK_DATABASE_URL names a database.
    DATABASE_URL: process.env.BENCH_SOAK_DATABASE_URL || undefined,
    LOG_LEVEL: 'warn',
    JWT_SECRET: SECRET,
    ANON_KEY: keys.anonKey,
    SERVICE_ROLE_KEY: keys.serviceRoleKey,
    // The soak measures the gateway, not its abuse limits.
    AUTH_RATE_LIMIT_SIGN_IN: '100000',
  }
  const gateway = startGatewayProcess({ port: await freePort(), env })
  const port = gateway.port
  try {
    await waitForReady(gateway)
    const pid = gateway.child.pid as number
    const visitor = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` }
    const service = {
      apikey: keys.serviceRoleKey,
      authorization: `Bearer ${keys.serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    }
    const listRes = await fetch(`http://127.0.0.1:${port}/rest/v1/shops?select=id&limit=1`, {
      headers: visitor,
    })
    const shopId = ((await listRes.json()) as { id: string }[])[0]?.id
    if (!shopId) throw new Error('no shop in the demo content')
    const byId = `/rest/v1/shops?id=eq.${shopId}`
    const list = '/rest/v1/shops?select=*&order=shop_no.asc'

    // 1. The maximum REST rate: closed loop on the by-id read, after a warm-up.
    const closed = async (ms: number) => {
      let done = 0
      const end = performance.now() + ms
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < end) {
            if ((await call(port, byId, visitor)) === 200) done++
          }
        }),
      )
      return (done / ms) * 1000
    }
    await closed(2000)
    const max = await closed(5000)
    const rate = Math.max(1, Math.floor(max / 2))

    // 2. The soak: open loop at half that rate, after a warm-up at the same rate that is not
    // measured (its 5xx still count); windows of a minute (or a quarter of a short run).
    const warmupMs = WARMUP_SECONDS * 1000
    const totalMs = MINUTES * 60_000
    const windowMs = Math.min(60_000, totalMs / 4)
    const windows: Window[] = []
    const warmup = emptyWindow()
    const start = performance.now()
    const windowOf = (t: number) => {
      if (t - start < warmupMs) return warmup
      const i = Math.min(Math.floor((t - start - warmupMs) / windowMs), Math.ceil(totalMs / windowMs) - 1)
      while (windows.length <= i) windows.push(emptyWindow())
      return windows[i]
    }
    const sampler = setInterval(() => {
      const w = windowOf(performance.now())
      const s = sample(pid)
      w.rss.push(s.rssKiB)
      w.fds.push(s.fds)
    }, 1000)
    const pending = new Set<Promise<void>>()
    let writes = 0
    const one = async (i: number) => {
      const t = performance.now()
      const w = windowOf(t)
      const kind = i % 10
      let status: number
      if (kind < 7) status = await call(port, byId, visitor)
      else if (kind < 9) status = await call(port, list, visitor)
      else {
        const unit = `SOAK-${writes++}`
        status = await call(
          port,
          '/rest/v1/vacant_shops',
          service,
          'POST',
          JSON.stringify({ unit_number: unit, size_m2: 10 }),
        )
        if (status === 201) {
          const removed = await call(port, `/rest/v1/vacant_shops?unit_number=eq.${unit}`, service, 'DELETE')
          if (removed >= 500) w.errors5xx++
          else if (removed !== 204) w.failures++
        }
      }
      w.requests++
      if (status >= 500) w.errors5xx++
      else if (status === 0 || status >= 400) w.failures++
      if (kind < 9) w.reads.push(performance.now() - t)
    }
    const interval = 1000 / rate
    for (let i = 0; i * interval < warmupMs + totalMs; i++) {
      const due = start + i * interval
      const wait = due - performance.now()
      if (wait > 1) await new Promise((r) => setTimeout(r, wait))
      const p = one(i).finally(() => pending.delete(p))
      pending.add(p)
    }
    await Promise.all(pending)
    clearInterval(sampler)

    const first = windows[0]
    const last = windows[windows.length - 1]
    const p99 = (w: Window) =>
      percentile(
        [...w.reads].sort((a, b) => a - b),
        99,
      )
    const rss = (w: Window) => median(w.rss) / 1024
    const fds = (w: Window) => median(w.fds)
    const total5xx = windows.reduce((n, w) => n + w.errors5xx, warmup.errors5xx)
    const totalFailures = windows.reduce((n, w) => n + w.failures, warmup.failures)
    const totalRequests = windows.reduce((n, w) => n + w.requests, warmup.requests)
    console.log(
      `\n  ${env.DATABASE_URL ? 'postgres' : 'pglite'}: maximum ${max.toFixed(0)} req/s (by id, 8 clients); soak at ${rate} req/s offered for ${WARMUP_SECONDS} s of warm-up (${warmup.requests} requests, RSS ${rss(warmup).toFixed(1)} MiB, fds ${fds(warmup)}, not compared) then ${MINUTES} min, windows of ${(windowMs / 1000).toFixed(0)} s (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
    )
    windows.forEach((w, i) => {
      console.log(
        `    window ${String(i + 1).padStart(2)}  ${String(w.requests).padStart(6)} requests  read p50 ${percentile(
          [...w.reads].sort((a, b) => a - b),
          50,
        )
          .toFixed(2)
          .padStart(
            6,
          )} ms  p99 ${p99(w).toFixed(2).padStart(7)} ms  RSS ${rss(w).toFixed(1).padStart(6)} MiB  fds ${String(fds(w)).padStart(4)}  5xx ${w.errors5xx}  other failures ${w.failures}`,
      )
    })
    const growth = rss(last) / rss(first) - 1
    console.log(
      `    RSS last/first ${rss(last).toFixed(1)} / ${rss(first).toFixed(1)} MiB = ${(rss(last) / rss(first)).toFixed(3)} (growth ${(growth * 100).toFixed(1)}%) — target ≤ 10%: ${growth <= 0.1 ? 'met' : 'NOT met'}`,
    )
    console.log(
      `    fds last − first ${fds(last)} − ${fds(first)} = ${fds(last) - fds(first)}, largest window median ${Math.max(...windows.map(fds))} — target flat (no growth beyond 2): ${fds(last) - fds(first) <= 2 ? 'met' : 'NOT met'}`,
    )
    console.log(
      `    read p99 last/first ${p99(last).toFixed(2)} / ${p99(first).toFixed(2)} ms = ${(p99(last) / p99(first)).toFixed(2)}`,
    )
    console.log(
      `    5xx ${total5xx} of ${totalRequests} — target 0: ${total5xx === 0 ? 'met' : 'NOT met'}; other failures (4xx, no answer) ${totalFailures}`,
    )
  } finally {
    await stopGatewayProcess(gateway)
    http.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
