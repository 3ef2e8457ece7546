import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'
import {
  freePort,
  type GatewayProcess,
  startGatewayProcess,
  stopGatewayProcess,
  waitForReady,
} from '../../apps/gateway/test/support/gateway-process.ts'
import { startCountingSmtp } from '../support/counting-smtp.ts'
import { keepAliveHttp } from '../support/keep-alive-http.ts'

/**
 * `npm run bench footprint` (issue 19 item 5, decision 032): the resident memory of the real
 * gateway process (`node apps/gateway/src/main.ts`, demo content, PGlite in a fresh data folder)
 * idle after start-up, after 10 s of REST by-id reads, and after a newsletter send to
 * BENCH_FOOTPRINT_SUBSCRIBERS (default 1000) confirmed subscribers through a loopback SMTP server;
 * target ≤ 250 MB at every point. Two gateways run side by side: the tuned defaults, and the
 * settings before decision 032 (PGLITE_SHARED_BUFFERS_MB=128, no V8 flags). Their REST load runs
 * in alternating slices, so both see the same machine, and the tuned one's req/s is reported as a
 * ratio against the untuned one's (target ≥ 0.95: no loss of REST speed).
 *
 * Memory is read from /proc/<pid>/status of each gateway (VmRSS now, VmHWM the peak since start),
 * not from this load generator; a probe preloaded into each gateway (../support/memory-probe.ts)
 * says where it is at each point: PGlite's WebAssembly memory, the V8 heap, malloc (decision 034). Memory figures do not depend on the machine's load; the ratio does
 * a little, so the load average is printed with it.
 */
/**
 * BENCH_FOOTPRINT_FROM: a data folder a gateway made and was stopped on (DATA_DIR of a past run);
 * each gateway starts on a copy of it instead of a fresh folder, as a restarted gateway does: no
 * migrations, no seed, nothing of a first start's one-time work in its memory (decision 076).
 */
const FROM = process.env.BENCH_FOOTPRINT_FROM
const SUBSCRIBERS = Number(process.env.BENCH_FOOTPRINT_SUBSCRIBERS ?? 1000)
const LOAD_MS = 10_000
const SLICES = 4
const TARGET_MB = 250
const SECRET = 'bench-secret-of-the-genesis-gateway-0123456789'
/** Preloaded into each gateway: answers where its resident memory is (see memory-probe.ts). */
const PROBE = new URL('../support/memory-probe.ts', import.meta.url).pathname
/**
 * How `npm start` runs the gateway (package.json): the environment it sets for the C library's
 * allocator and Node's V8 flags, the tuned side's.
 */
const START = /^((?:[A-Z_]+=\S+ )*)node((?: --[\w-]+(?:=\S+)?)*) /.exec(
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start,
)
if (!START) throw new Error('package.json: the start script is not `[NAME=value …] node [--flag …] <main>`')
const words = (text: string) => text.split(' ').filter(Boolean)
const TUNED_NODE_FLAGS = process.env.BENCH_FOOTPRINT_NODE_FLAGS?.split(' ').filter(Boolean) ?? words(START[2])
const TUNED_ENV: Record<string, string> = Object.fromEntries(
  words(START[1]).map((assignment) => assignment.split('=', 2) as [string, string]),
)

interface Side {
  name: string
  flags: string[]
  env: Record<string, string>
}
const ALL_SIDES: Side[] = [
  { name: 'tuned (defaults)', flags: TUNED_NODE_FLAGS, env: TUNED_ENV },
  // PGlite in the gateway's thread, as before decision 071, whatever PGLITE_WORKER's default becomes.
  {
    name: 'untuned (before 032)',
    flags: [],
    env: { PGLITE_SHARED_BUFFERS_MB: '128', PGLITE_WORKER: 'false' },
  },
]
/**
 * BENCH_FOOTPRINT_SIDES=tuned measures the tuned gateway alone (memory only, no REST ratio);
 * BENCH_FOOTPRINT_VARIANTS (JSON, `[{"name": …, "flags": [...], "env": {...}}]`) adds gateways with
 * other V8 flags or environment (each, when left out, the tuned side's), to compare them in one run.
 */
const VARIANTS = (JSON.parse(process.env.BENCH_FOOTPRINT_VARIANTS ?? '[]') as Partial<Side>[]).map((v) => ({
  name: v.name ?? 'variant',
  flags: v.flags ?? TUNED_NODE_FLAGS,
  env: v.env ?? TUNED_ENV,
}))
const SIDES = [
  ...(process.env.BENCH_FOOTPRINT_SIDES === 'tuned' ? ALL_SIDES.slice(0, 1) : ALL_SIDES),
  ...VARIANTS,
]

const http = keepAliveHttp()
const call = (port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string) =>
  http.text(`http://127.0.0.1:${port}${path}`, { method, headers, body })

/** Resident and peak resident memory (MB) of a process, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN)
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100
/**
 * CPU time (ms) a process has used: all its threads (`/proc/<pid>/stat`) and its main thread alone
 * (`/proc/<pid>/task/<pid>/stat`), user and system. PGlite runs each statement on the main thread,
 * so that thread's CPU per read bounds a gateway's REST speed; the rest (V8's compiler and GC
 * helpers, libuv's pool) runs beside it on the other core.
 */
function cpuOf(pid: number): { process: number; main: number } {
  const ms = (path: string) => {
    // Fields after the command name (which may hold spaces) in parentheses: utime is 14th, stime 15th.
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S
  }
  return { process: ms(`/proc/${pid}/stat`), main: ms(`/proc/${pid}/task/${pid}/stat`) }
}

interface Running extends GatewayProcess {
  side: Side
  dataDir: string
  figures: Record<string, string | number>
  /** Where the resident memory is at each point (from the probe). */
  breakdown: Record<string, string | number>[]
  reads: number
  /** CPU ms used during the measured REST slices: whole process, main thread. */
  cpu: { process: number; main: number }
}

async function start(side: Side, smtpUrl: string, anonKey: string, serviceKey: string): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'genesis-footprint-'))
  if (FROM) cpSync(FROM, dataDir, { recursive: true })
  const gateway = startGatewayProcess({
    name: `gateway ${side.name}`,
    port: await freePort(),
    nodeFlags: [...side.flags, '--import', PROBE],
    ipc: true,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      LOG_LEVEL: 'warn',
      JWT_SECRET: SECRET,
      ANON_KEY: anonKey,
      SERVICE_ROLE_KEY: serviceKey,
      SMTP_URL: smtpUrl,
      NEWSLETTER_POLL_MS: '200',
      ...side.env,
    },
  })
  return {
    ...gateway,
    side,
    dataDir,
    figures: { side: side.name },
    breakdown: [],
    reads: 0,
    cpu: { process: 0, main: 0 },
  }
}

interface ProbeReport {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
  wasmMemories: number
  wasmBytes: number
  spaces: Record<string, number>
  mappings: Record<string, number>
  /** Worker threads' V8 heaps (PGlite's thread with PGLITE_WORKER), MB. */
  workers: { committed: number; used: number; external: number; malloced: number }[]
}

/** Asks the gateway's preloaded probe where its memory is, and keeps it under `point`. */
async function probe(g: Running, point: string) {
  const report = await new Promise<ProbeReport>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the memory probe did not answer in 10 s')), 10_000)
    g.child.once('message', (message) => {
      clearTimeout(timer)
      resolve((message as { memory: ProbeReport }).memory)
    })
    g.child.send('memory')
  })
  const m = report.mappings
  const threadHeaps = report.workers.reduce((sum, w) => sum + w.committed, 0)
  g.breakdown.push({
    side: g.side.name,
    point,
    'RSS MB': report.rss,
    'PGlite memory size': report.wasmBytes,
    'PGlite memory resident': m['WebAssembly memory'] ?? 0,
    'V8 heap used/total': `${report.heapUsed}/${report.heapTotal}`,
    'external (buffers)': `${report.external} (${report.arrayBuffers})`,
    'V8 heap': report.heapTotal,
    'V8 old/code/large/new': ['old', 'code', 'large_object', 'new']
      .map((k) => report.spaces[k] ?? 0)
      .join('/'),
    // PGlite's thread (PGLITE_WORKER): its V8 heap, committed (used), and its external memory.
    'worker V8 heap (used) ext':
      report.workers.map((w) => `${w.committed} (${w.used}) ${w.external}`).join(', ') || '-',
    'malloc, stacks': Math.round(
      (m['C heap (brk)'] ?? 0) +
        (m['anonymous (V8 heap, malloc arenas, thread stacks)'] ?? 0) -
        report.heapTotal -
        threadHeaps,
    ),
    'compiled code': m['anonymous executable (compiled code)'] ?? 0,
    'node binary': m['node binary'] ?? 0,
    'other files': (m['other files'] ?? 0) + (m['other named'] ?? 0) + (m.stacks ?? 0),
  })
}

/**
 * Idle: sampled every second for 20 s after the gateway answers /health/ready (start-up work such as the
 * WebAssembly compiler's background jobs settles in that time); the last sample is the idle figure.
 */
async function idle(g: Running) {
  let last = memoryOf(g.child.pid as number)
  for (let s = 0; s < 20; s++) {
    await new Promise((r) => setTimeout(r, 1000))
    last = memoryOf(g.child.pid as number)
  }
  g.figures['idle MB'] = last.rss.toFixed(0)
  await probe(g, 'idle')
}

export default async function run() {
  const keys = await keysFromSecret(SECRET)
  const visitor = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` }
  const service = {
    apikey: keys.serviceRoleKey,
    authorization: `Bearer ${keys.serviceRoleKey}`,
    'content-type': 'application/json',
  }
  const smtp = await startCountingSmtp()
  const gateways: Running[] = []
  try {
    // One after the other: two first start-ups at once would each take twice as long.
    for (const side of SIDES) {
      const g = await start(side, smtp.url, keys.anonKey, keys.serviceRoleKey)
      gateways.push(g)
      // A first start in a fresh data folder migrates and seeds PGlite: a minute or two on a quiet
      // machine, and more than 5 under a load average of 25 (two runs stopped there): bounded at
      // 15 minutes of polling.
      await waitForReady(g, 4500)
      await idle(g)
    }

    // REST: by-id reads, 4 clients (one PGlite runs one statement at a time), in alternating
    // slices so both sides share the machine's load alike; the first slice of each is a warm-up.
    const byId = new Map<Running, string>()
    for (const g of gateways) {
      const res = await call(g.port, '/rest/v1/shops?select=id&limit=1', visitor)
      const id = (JSON.parse(res.text) as { id: string }[])[0]?.id
      if (!id) throw new Error('no shop in the demo content')
      byId.set(g, `/rest/v1/shops?id=eq.${id}`)
    }
    const closed = async (g: Running, ms: number) => {
      let done = 0
      const end = performance.now() + ms
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (performance.now() < end) {
            let { status } = await call(g.port, byId.get(g) as string, visitor)
            // No status: the connection failed. A kept-alive socket the gateway closed while this
            // side waited for the other's slice can fail so; the read (a GET) is sent once more.
            if (status === 0 && g.child.exitCode === null) {
              ;({ status } = await call(g.port, byId.get(g) as string, visitor))
            }
            if (status !== 200) {
              const exited = g.child.exitCode ?? g.child.signalCode
              throw new Error(
                `REST read of ${g.side.name} answered ${status}${exited === null ? '' : ` (gateway exited: ${exited})`}\n${g.output().slice(-2000)}`,
              )
            }
            done++
          }
        }),
      )
      return done
    }
    for (const g of gateways) await closed(g, 1000)
    for (let slice = 0; slice < SLICES; slice++) {
      const order = slice % 2 === 0 ? gateways : [...gateways].reverse()
      for (const g of order) {
        const cpuBefore = cpuOf(g.child.pid as number)
        g.reads += await closed(g, LOAD_MS / SLICES)
        const cpuAfter = cpuOf(g.child.pid as number)
        g.cpu.process += cpuAfter.process - cpuBefore.process
        g.cpu.main += cpuAfter.main - cpuBefore.main
        // Each side is read right after its own last slice: read after the others' slices, a side
        // would have idled for their length (V8's memory reducer starts after 8 s of quiet) and
        // the sides that loaded last would be measured at a disadvantage.
        if (slice === SLICES - 1) {
          g.figures['after REST MB'] = memoryOf(g.child.pid as number).rss.toFixed(0)
          await probe(g, 'after REST')
        }
      }
    }
    const load = loadavg()[0]
    for (const g of gateways) {
      g.figures['REST req/s'] = (g.reads / (LOAD_MS / 1000)).toFixed(0)
      g.figures['CPU ms/read (main)'] = (g.cpu.main / g.reads).toFixed(2)
      g.figures['CPU ms/read (all)'] = (g.cpu.process / g.reads).toFixed(2)
    }

    // A newsletter to SUBSCRIBERS confirmed subscribers, sent by each gateway's own worker.
    for (const g of gateways) {
      const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        email: `reader${i}@example.com`,
        source: 'homepage',
        consent_text: 'I agree to receive news about stores and events at Genesis Centre.',
        status: 'subscribed',
      }))
      const before = smtp.received()
      await expectOk(
        await call(
          g.port,
          '/rest/v1/newsletter_subscribers',
          { ...service, prefer: 'return=minimal' },
          'POST',
          JSON.stringify(rows),
        ),
        'subscribers',
      )
      const made = await call(
        g.port,
        '/rest/v1/newsletters',
        { ...service, prefer: 'return=representation' },
        'POST',
        JSON.stringify({
          subject: 'Summer at Genesis Centre',
          preheader: 'Markets',
          body: '# Summer\n\nThe market is back.',
        }),
      )
      await expectOk(made, 'newsletter')
      const id = (JSON.parse(made.text) as { id: string }[])[0].id
      const sent = await call(
        g.port,
        '/rest/v1/rpc/send_newsletter',
        service,
        'POST',
        JSON.stringify({ target: id }),
      )
      await expectOk(sent, 'send_newsletter')
      const queued = Number(sent.text)
      // Polls the issue's status until the worker has sent it (bounded: 10 minutes).
      for (let i = 0; ; i++) {
        const res = await call(g.port, `/rest/v1/newsletters?id=eq.${id}&select=status`, service)
        if ((JSON.parse(res.text) as { status: string }[])[0]?.status === 'sent') break
        if (i > 3000) throw new Error('the newsletter was not sent within 10 minutes')
        await new Promise((r) => setTimeout(r, 200))
      }
      g.figures['after send MB'] = memoryOf(g.child.pid as number).rss.toFixed(0)
      g.figures.mails = `${smtp.received() - before}/${queued}`
      await probe(g, 'after send')
    }
    // And once both are idle again for 10 s (V8 collects what the send left when the process idles).
    await new Promise((r) => setTimeout(r, 10_000))
    for (const g of gateways) {
      const mem = memoryOf(g.child.pid as number)
      g.figures['+10 s idle MB'] = mem.rss.toFixed(0)
      g.figures['peak MB'] = mem.peak.toFixed(0)
      await probe(g, '+10 s idle')
    }

    console.log(
      `\n  PGlite, ${FROM ? 'a copy of a seeded data folder (restart)' : 'fresh data folder'}, demo content; REST by-id, 4 clients, ${LOAD_MS / 1000} s each in ${SLICES} alternating slices; newsletter to ${SUBSCRIBERS} subscribers`,
    )
    console.log(
      `  tuned (npm start): ${[...Object.entries(TUNED_ENV).map(([k, v]) => `${k}=${v}`), 'node', ...TUNED_NODE_FLAGS].join(' ')}`,
    )
    console.table(gateways.map((g) => g.figures))
    console.log(
      '  where the resident memory is (MB; PGlite memory: its WebAssembly linear memory, which grows and never shrinks; V8 heap: committed, of the gateway thread; worker V8 heap: of the PGlite thread, committed (used) and external MB; malloc, stacks: the rest of anonymous memory, native side of Node)',
    )
    console.table(gateways.flatMap((g) => g.breakdown))
    const tuned = gateways[0]
    const untuned = gateways.find((g) => g.side === ALL_SIDES[1])
    const points = ['idle MB', 'after REST MB', 'after send MB'].map((k) => Number(tuned.figures[k]))
    const worst = Math.max(...points)
    console.log(
      `  tuned resident memory, worst of idle / after REST / after send: ${worst} MB — target ≤ ${TARGET_MB} MB: ${worst <= TARGET_MB ? 'met' : 'NOT met'} (peak since start ${tuned.figures['peak MB']} MB)`,
    )
    if (!untuned) return
    // The speed a gateway can give is 1000 / (its main thread's CPU ms per read): untuned's CPU per
    // read over a side's is that side's speed as a share of untuned's. It depends less on what else
    // runs on the machine than req/s measured in slices, but at a load average of 15–20 it still
    // scattered by ±15 % between runs (decision 046): judge a flag in a quiet run.
    const cpuRatio = (g: Running) => untuned.cpu.main / untuned.reads / (g.cpu.main / g.reads)
    for (const g of gateways.filter((g) => VARIANTS.includes(g.side))) {
      console.log(
        `  REST ${g.side.name} / untuned: req/s ${(g.reads / untuned.reads).toFixed(2)}, by main-thread CPU per read ${cpuRatio(g).toFixed(2)}`,
      )
    }
    const ratio = tuned.reads / untuned.reads
    const byCpu = cpuRatio(tuned)
    console.log(
      `  REST tuned / untuned: req/s ${ratio.toFixed(2)}, by main-thread CPU per read ${byCpu.toFixed(2)} — target ≥ 0.95 (req/s): ${ratio >= 0.95 ? 'met' : 'NOT met'} (load average ${load.toFixed(1)} on ${availableParallelism()} cores)`,
    )
  } finally {
    for (const g of gateways) {
      await stopGatewayProcess(g)
      rmSync(g.dataDir, { recursive: true, force: true })
    }
    await smtp.close()
    http.close()
  }
}

async function expectOk(res: { status: number; text: string }, what: string) {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`)
}
