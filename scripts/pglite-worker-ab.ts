import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { keysFromSecret } from '../apps/gateway/src/keys.ts'
import {
  freePort,
  type GatewayProcess,
  startGatewayProcess,
  stopGatewayProcess,
  waitForReady,
} from '../apps/gateway/test/support/gateway-process.ts'
import { keepAliveHttp } from '../bench/support/keep-alive-http.ts'

/**
 * Decision 071's A/B driver: REST by-id reads and resident memory of the gateway with PGlite in its
 * own thread (PGLITE_WORKER=true) against PGlite in the gateway's thread, each with and without
 * `--liftoff-only`, plus an identical twin of `npm start` (A/A: the floor). One seeded demo folder
 * is copied for every side; all sides run at once; in each round every side gets one slice of
 * REST load (4 keep-alive clients), the order rotated by one and reversed every other round.
 *
 * Usage: node scripts/pglite-worker-ab.ts [rounds=20] [slice ms=1000]
 * Figures: reads per slice and CPU ms per read (whole process, and its main thread) from /proc.
 */
const ROUNDS = Number(process.argv[2] ?? 20)
const SLICE_MS = Number(process.argv[3] ?? 1000)
const SECRET = 'bench-secret-of-the-genesis-gateway-0123456789'
const START = /^((?:[A-Z_]+=\S+ )*)node((?: --[\w-]+(?:=\S+)?)*) /.exec(
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start,
)
if (!START) throw new Error('package.json: unexpected start script')
const words = (t: string) => t.split(' ').filter(Boolean)
const FLAGS = words(START[2])
const ENV = Object.fromEntries(words(START[1]).map((a) => a.split('=', 2) as [string, string]))
const NO_LIFTOFF = FLAGS.filter((f) => f !== '--liftoff-only')

interface Side {
  key: string
  flags: string[]
  env: Record<string, string>
}
const SIDES: Side[] = [
  // In-thread pinned, whatever PGLITE_WORKER's default becomes (decision 072).
  { key: 'thread+liftoff (npm start)', flags: FLAGS, env: { ...ENV, PGLITE_WORKER: 'false' } },
  { key: 'thread+liftoff A/A twin', flags: FLAGS, env: { ...ENV, PGLITE_WORKER: 'false' } },
  { key: 'thread, no liftoff', flags: NO_LIFTOFF, env: { ...ENV, PGLITE_WORKER: 'false' } },
  { key: 'worker+liftoff', flags: FLAGS, env: { ...ENV, PGLITE_WORKER: 'true' } },
  { key: 'worker, no liftoff', flags: NO_LIFTOFF, env: { ...ENV, PGLITE_WORKER: 'true' } },
]

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024
  return { rss: mb('VmRSS'), peak: mb('VmHWM') }
}
function cpuOf(pid: number) {
  const ms = (path: string) => {
    const f = readFileSync(path, 'utf8').split(') ')[1].split(' ')
    return (Number(f[11]) + Number(f[12])) * 10
  }
  return { process: ms(`/proc/${pid}/stat`), main: ms(`/proc/${pid}/task/${pid}/stat`) }
}
/** The threads' names and CPU ms, to find the PGlite worker's thread. */
function threadsOf(pid: number) {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    const f = stat.split(') ')[1].split(' ')
    return { tid, name, ms: (Number(f[11]) + Number(f[12])) * 10 }
  })
}

interface Running {
  side: Side
  g: GatewayProcess
  dir: string
  reads: number
  cpu: { process: number; main: number }
  perRound: { reads: number; cpu: number; main: number }[]
  mem: Record<string, number>
}

const keys = await keysFromSecret(SECRET)
const visitor = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` }
const http = keepAliveHttp()
const baseEnv = {
  DATABASE_URL: undefined,
  LOG_LEVEL: 'warn',
  JWT_SECRET: SECRET,
  ANON_KEY: keys.anonKey,
  SERVICE_ROLE_KEY: keys.serviceRoleKey,
  WEB_BUILD_ON_START: 'false',
}

const seedDir = mkdtempSync(join(tmpdir(), 'genesis-pgw-seed-'))
console.log('seeding one demo folder…')
{
  const g = startGatewayProcess({
    name: 'seed',
    port: await freePort(),
    nodeFlags: FLAGS,
    env: { ...baseEnv, ...ENV, DATA_DIR: seedDir },
  })
  await waitForReady(g, 4500)
  await stopGatewayProcess(g)
}

const running: Running[] = []
try {
  for (const side of SIDES) {
    const dir = mkdtempSync(join(tmpdir(), 'genesis-pgw-'))
    cpSync(seedDir, dir, { recursive: true })
    const g = startGatewayProcess({
      name: side.key,
      port: await freePort(),
      nodeFlags: side.flags,
      env: { ...baseEnv, ...side.env, DATA_DIR: dir },
    })
    await waitForReady(g, 4500)
    running.push({ side, g, dir, reads: 0, cpu: { process: 0, main: 0 }, perRound: [], mem: {} })
  }
  await new Promise((r) => setTimeout(r, 20_000))
  for (const r of running) r.mem.idle = memoryOf(r.g.child.pid as number).rss

  const path = new Map<Running, string>()
  for (const r of running) {
    const res = await http.text(`${r.g.base}/rest/v1/shops?select=id&limit=1`, { headers: visitor })
    path.set(r, `${r.g.base}/rest/v1/shops?id=eq.${(JSON.parse(res.text) as { id: string }[])[0].id}`)
  }
  const load = async (r: Running, ms: number) => {
    let done = 0
    const end = performance.now() + ms
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() < end) {
          let status = await http.status(path.get(r) as string, { headers: visitor })
          if (status === 0 && r.g.child.exitCode === null)
            status = await http.status(path.get(r) as string, { headers: visitor })
          if (status !== 200) throw new Error(`${r.side.key}: ${status}\n${r.g.output().slice(-2000)}`)
          done++
        }
      }),
    )
    return done
  }
  for (let w = 0; w < 3; w++) for (const r of running) await load(r, 2000)
  for (let round = 0; round < ROUNDS; round++) {
    const rotated = running.map((_, i) => running[(i + round) % running.length])
    const order = round % 2 === 0 ? rotated : rotated.reverse()
    for (const r of order) {
      const pid = r.g.child.pid as number
      const before = cpuOf(pid)
      const reads = await load(r, SLICE_MS)
      const after = cpuOf(pid)
      r.reads += reads
      r.cpu.process += after.process - before.process
      r.cpu.main += after.main - before.main
      r.perRound.push({ reads, cpu: after.process - before.process, main: after.main - before.main })
    }
  }
  for (const r of running) {
    const m = memoryOf(r.g.child.pid as number)
    r.mem.after = m.rss
    r.mem.peak = m.peak
  }
  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b)
    return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))]
  }
  const ref = running[0]
  console.log(
    `\nload average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${ROUNDS} rounds × ${SLICE_MS} ms`,
  )
  console.log(
    '| side | idle MB | after REST MB | peak MB | reads/s | CPU ms/read (process) | CPU ms/read (main) | reads ratio to npm start: pooled, median of rounds (quartiles) | CPU/read ratio (process), pooled |',
  )
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |')
  for (const r of running) {
    const ratios = r.perRound.map((x, i) => x.reads / ref.perRound[i].reads)
    const cpuRatio = ref.cpu.process / ref.reads / (r.cpu.process / r.reads)
    console.log(
      `| ${r.side.key} | ${r.mem.idle.toFixed(0)} | ${r.mem.after.toFixed(0)} | ${r.mem.peak.toFixed(0)} | ${(r.reads / ((ROUNDS * SLICE_MS) / 1000)).toFixed(0)} | ${(r.cpu.process / r.reads).toFixed(3)} | ${(r.cpu.main / r.reads).toFixed(3)} | ${(r.reads / ref.reads).toFixed(2)}, ${q(ratios, 0.5).toFixed(2)} (${q(ratios, 0.25).toFixed(2)}–${q(ratios, 0.75).toFixed(2)}) | ${cpuRatio.toFixed(2)} |`,
    )
  }
  for (const r of running.filter((x) => x.side.env.PGLITE_WORKER === 'true')) {
    const busy = threadsOf(r.g.child.pid as number)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 4)
    console.log(
      `${r.side.key}: busiest threads ${busy.map((t) => `${t.name}(${t.tid}) ${t.ms} ms`).join(', ')}`,
    )
  }
} finally {
  http.close()
  for (const r of running) await stopGatewayProcess(r.g)
  for (const r of running) rmSync(r.dir, { recursive: true, force: true })
  rmSync(seedDir, { recursive: true, force: true })
}
