import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'
import {
  freePort,
  startGatewayProcess,
  stopGatewayProcess,
  waitForReady,
} from '../../apps/gateway/test/support/gateway-process.ts'
import { keepAliveHttp } from '../support/keep-alive-http.ts'

/**
 * REST by-id reads through two gateway processes on one PostgreSQL against one (issue 19: the
 * target is ≥ 1.6×). Two real `node apps/gateway/src/main.ts` processes on a fresh database of
 * the PostgreSQL in TEST_DATABASE_URL (or DATABASE_URL); this process is the load generator: a
 * closed loop of keep-alive clients sending `GET /rest/v1/shops?id=eq.<id>` as anon, either all to
 * A (one instance; B idles) or alternately to A and B (two), the same number of clients either way.
 * Interleaved repetitions, median of three.
 *
 * With the rates it prints where the CPU went per request (from /proc: the two gateway processes,
 * the PostgreSQL backends serving this database, this load generator, and everything else on the
 * machine) and the most two instances could give on this machine: when every part of a request
 * shares the same cores, requests per second can never exceed cores × 1000 / (CPU ms per request).
 */
const RUN_MS = Number(process.env.BENCH_REST_MS ?? 3000)
const REPS = 3
const CONCURRENCY = 16
const TICK_MS = 10 // USER_HZ is 100 on Linux

/** CPU time (ms) a process has used so far, from /proc/<pid>/stat (utime + stime). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS
  } catch {
    return 0 // gone, or no /proc
  }
}

/** The machine's busy CPU time (ms, all cores) so far, from /proc/stat. */
function machineBusy(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number)
  return (user + nice + system + irq + softirq + steal) * TICK_MS
}

const http = keepAliveHttp()

/** Closed loop over `urls`: client i always talks to urls[i % urls.length]. Returns requests done. */
async function closedLoop(urls: string[], headers: Record<string, string>, ms: number) {
  let done = 0
  let failures = 0
  const end = performance.now() + ms
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const url = urls[i % urls.length]
      while (performance.now() < end) {
        if ((await http.status(url, { headers })) !== 200) failures++
        done++
      }
    }),
  )
  if (failures) throw new Error(`${failures} requests failed`)
  return done
}

interface Run {
  rps: number
  /** CPU ms per request: gateway A, gateway B, PostgreSQL backends, load generator, the rest of the machine. */
  gwA: number
  gwB: number
  postgres: number
  client: number
  others: number
}

export default async function run(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  if (!url) {
    console.log(
      '\n  Skipped: set TEST_DATABASE_URL or DATABASE_URL (bash scripts/test-env.sh) to measure it.',
    )
    return
  }
  const name = `genesis_bench2_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const folder = mkdtempSync(join(tmpdir(), 'bench-two-instances-'))
  const secret = 'bench-secret-of-the-genesis-gateway-0123456789'
  const keys = await keysFromSecret(secret)
  const env = {
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: secret,
    ANON_KEY: keys.anonKey,
    SERVICE_ROLE_KEY: keys.serviceRoleKey,
    STORAGE_DIR: join(folder, 'storage'),
    SEED_DEMO: 'true',
    WEB_BUILD_ON_START: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    NEWSLETTER_WORKER: 'false',
    RETENTION_INTERVAL_MINUTES: '0',
  }
  const [portA, portB] = [await freePort(), await freePort()]
  const a = startGatewayProcess({
    name: 'gateway A',
    port: portA,
    env: { ...env, DATA_DIR: join(folder, 'a') },
  })
  const b = startGatewayProcess({
    name: 'gateway B',
    port: portB,
    env: { ...env, DATA_DIR: join(folder, 'b') },
  })
  const db = new pg.Client({ connectionString: dbUrl.toString() })
  try {
    await Promise.all([waitForReady(a), waitForReady(b)])
    await db.connect()
    const shopId = (await db.query<{ id: string }>("select id from public.shops where shop_no = 'G01'"))
      .rows[0].id
    const headers = {
      apikey: keys.anonKey,
      Authorization: `Bearer ${keys.anonKey}`,
      'Accept-Profile': 'public',
    }
    const path = `/rest/v1/shops?id=eq.${shopId}`
    const one = [`${a.base}${path}`]
    const two = [`${a.base}${path}`, `${b.base}${path}`]
    const measurable = existsSync('/proc/stat')

    const backends = async () =>
      (
        await db.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid)
    const measure = async (urls: string[]): Promise<Run> => {
      const pids = await backends()
      const before = {
        a: cpuOf(a.child.pid ?? 0),
        b: cpuOf(b.child.pid ?? 0),
        pg: pids.reduce((sum, pid) => sum + cpuOf(pid), 0),
        client: process.cpuUsage(),
        machine: measurable ? machineBusy() : 0,
      }
      const done = await closedLoop(urls, headers, RUN_MS)
      const client = process.cpuUsage(before.client)
      const gwA = cpuOf(a.child.pid ?? 0) - before.a
      const gwB = cpuOf(b.child.pid ?? 0) - before.b
      const postgres = pids.reduce((sum, pid) => sum + cpuOf(pid), 0) - before.pg
      const clientMs = (client.user + client.system) / 1000
      const machine = measurable ? machineBusy() - before.machine : 0
      const per = (ms: number) => ms / done
      return {
        rps: (done / RUN_MS) * 1000,
        gwA: per(gwA),
        gwB: per(gwB),
        postgres: per(postgres),
        client: per(clientMs),
        others: per(Math.max(0, machine - gwA - gwB - postgres - clientMs)),
      }
    }

    // Warm up both (JIT, schema caches, pools).
    await closedLoop(two, headers, 1000)
    await closedLoop(one, headers, 500)

    const results: { one: Run[]; two: Run[] } = { one: [], two: [] }
    for (let rep = 0; rep < REPS; rep++) {
      const order = rep % 2 === 0 ? (['one', 'two'] as const) : (['two', 'one'] as const)
      for (const mode of order) results[mode].push(await measure(mode === 'one' ? one : two))
    }
    const median = (runs: Run[]) => [...runs].sort((x, y) => x.rps - y.rps)[Math.floor(runs.length / 2)]
    const m1 = median(results.one)
    const m2 = median(results.two)
    const cores = availableParallelism()
    const ours = (r: Run) => r.gwA + r.gwB + r.postgres + r.client
    const row = (label: string, r: Run) => ({
      mode: label,
      'req/s': r.rps.toFixed(0),
      'gateway A ms/req': r.gwA.toFixed(3),
      'gateway B ms/req': r.gwB.toFixed(3),
      'PostgreSQL ms/req': r.postgres.toFixed(3),
      'load generator ms/req': r.client.toFixed(3),
      'CPU ms/req (ours)': ours(r).toFixed(3),
      'rest of machine ms/req': r.others.toFixed(3),
    })
    console.log(
      `\n  GET ${'/rest/v1/shops?id=eq.<id>'} as anon, ${CONCURRENCY} keep-alive clients, ${REPS} interleaved runs of ${RUN_MS} ms, median; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cores} cores`,
    )
    console.table([row('one instance (A)', m1), row('two instances (A+B)', m2)])
    const ratio = m2.rps / m1.rps
    // Everything of a request runs on these cores: at most cores × 1000 ms of CPU per second. One
    // gateway process is one event loop: at most 1000 ms of its own CPU per second.
    const total = ours(m1)
    const gateway = m1.gwA
    const oneCeiling = Math.min(1000 / gateway, (cores * 1000) / total)
    const twoCeiling = Math.min((2 * 1000) / gateway, (cores * 1000) / total)
    const coresFor = (target: number) => (target * 1000) / gateway / (1000 / total)
    console.log(
      `  ratio two/one ${ratio.toFixed(2)} — target ≥ 1.6: ${ratio >= 1.6 ? 'met' : 'NOT met'}\n` +
        `  arithmetic (CPU per request of the one-instance runs): ${total.toFixed(3)} ms = gateway ${gateway.toFixed(3)} + PostgreSQL ${m1.postgres.toFixed(3)} + load generator ${m1.client.toFixed(3)}.\n` +
        `    one instance:  min(1000 / ${gateway.toFixed(3)} (its one event loop), ${cores} × 1000 / ${total.toFixed(3)} (the machine)) = ${oneCeiling.toFixed(0)} req/s at most\n` +
        `    two instances: min(2 × 1000 / ${gateway.toFixed(3)}, ${cores} × 1000 / ${total.toFixed(3)}) = ${twoCeiling.toFixed(0)} req/s at most\n` +
        `    so on ${cores} cores two instances can give at most ${(twoCeiling / oneCeiling).toFixed(2)}× one, whatever the code does; ` +
        `1.6× needs about ${coresFor(1.6).toFixed(1)} cores free for this alone (2× needs ${coresFor(2).toFixed(1)}).\n` +
        `    Measured one instance: ${m1.rps.toFixed(0)} req/s = ${((m1.rps / oneCeiling) * 100).toFixed(0)}% of its ceiling (the rest of the machine used ${m1.others.toFixed(3)} ms of CPU per request meanwhile).`,
    )
  } finally {
    await Promise.all([stopGatewayProcess(a), stopGatewayProcess(b)])
    await db.end().catch(() => undefined)
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
    http.close()
    rmSync(folder, { recursive: true, force: true })
  }
}
