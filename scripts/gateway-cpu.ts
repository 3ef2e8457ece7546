/**
 * The gateway's CPU for public page loads (issue 15, decision 053): starts a gateway as `npm start`
 * does (same Node flags) on a fresh data folder, records once with Chromium every request one load
 * of a page makes (documents, assets, metric posts, the realtime frames it sends), then replays
 * that load with plain HTTP and WebSocket clients and reads the gateway process's own CPU time
 * (utime + stime from /proc) before and after each part. Counts work, not wall time: the machine's
 * other load does not change how much CPU the gateway spends.
 *
 *   node scripts/gateway-cpu.ts [--path=/] [--loads=10] [--gap-ms=1500] [--port=4332]
 *
 * `--gap-ms` is the pause between loads (Lighthouse's runs are seconds apart).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import WebSocket from 'ws'

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/' },
    loads: { type: 'string', default: '10' },
    'gap-ms': { type: 'string', default: '1500' },
    port: { type: 'string', default: '4332' },
    /** A folder for a V8 CPU profile of the gateway (written when it stops). */
    'cpu-prof': { type: 'string' },
  },
})
const port = Number(values.port)
const origin = `http://localhost:${port}`
const loads = Number(values.loads)
const gapMs = Number(values['gap-ms'])
const TICK_MS = 10 // USER_HZ is 100 on Linux

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-cpu-'))
const gateway = spawn(
  process.execPath,
  [
    '--liftoff-only',
    '--max-semi-space-size=2',
    '--heap-growing-percent=25',
    ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : []),
    'apps/gateway/src/main.ts',
  ],
  {
    env: {
      ...process.env,
      MALLOC_TRIM_THRESHOLD_: '131072',
      MALLOC_ARENA_MAX: '2',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      MONITORING_RATE_LIMIT: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
)
const cpuMs = () => {
  const fields = readFileSync(`/proc/${gateway.pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

try {
  for (let i = 0; ; i += 1) {
    if (i > 600) throw new Error('the gateway did not become ready')
    const ready = await fetch(`${origin}/health/ready`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    await sleep(200)
  }

  // One real load, recorded.
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH })
  const page = await browser.newPage()
  const gets: string[] = []
  const posts: { url: string; body: string; type: string }[] = []
  const sockets: { url: string; frames: string[] }[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) return
    if (request.method() === 'GET') gets.push(request.url())
    else if (request.method() === 'POST')
      posts.push({
        url: request.url(),
        body: request.postData() ?? '',
        type: request.headers()['content-type'] ?? 'application/json',
      })
  })
  page.on('websocket', (socket) => {
    const entry = { url: socket.url(), frames: [] as string[] }
    sockets.push(entry)
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string') entry.frames.push(frame.payload)
    })
  })
  await page.goto(`${origin}${values.path}`, { waitUntil: 'load' })
  await sleep(4000)
  // Hidden: the collector posts the last metrics.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await sleep(500)
  await browser.close()
  const documents = gets.filter((url) => !new URL(url).pathname.match(/\.\w+$/))
  const assets = gets.filter((url) => new URL(url).pathname.match(/\.\w+$/))
  const joins = sockets.flatMap((s) => s.frames.filter((f) => f.includes('phx_join')))
  console.log(
    `one load of ${values.path}: ${documents.length} document(s), ${assets.length} files, ${posts.length} posts, ${sockets.length} socket(s) with ${joins.length} join(s)`,
  )

  const headers = { 'accept-encoding': 'gzip, deflate, br' }
  const get = async (url: string) => {
    const response = await fetch(url, { headers })
    await response.arrayBuffer()
  }
  const post = async (p: (typeof posts)[number]) => {
    const response = await fetch(p.url, { method: 'POST', body: p.body, headers: { 'content-type': p.type } })
    await response.arrayBuffer()
  }
  const realtime = async () => {
    for (const s of sockets) {
      const ws = new WebSocket(s.url)
      await new Promise((resolve, reject) => {
        ws.once('open', resolve)
        ws.once('error', reject)
      })
      const joinRefs = new Set<string>()
      const joined = new Promise<void>((resolve) => {
        ws.on('message', (data) => {
          const message = JSON.parse(String(data))
          const ref = Array.isArray(message) ? message[1] : message.ref
          const event = Array.isArray(message) ? message[3] : message.event
          if (event === 'phx_reply' && joinRefs.delete(String(ref)) && joinRefs.size === 0) resolve()
        })
      })
      for (const frame of s.frames) {
        if (!frame.includes('phx_join')) continue
        const message = JSON.parse(frame)
        joinRefs.add(String(Array.isArray(message) ? message[1] : message.ref))
        ws.send(frame)
      }
      if (joinRefs.size > 0) await Promise.race([joined, sleep(5000)])
      ws.close()
      await new Promise((resolve) => ws.once('close', resolve))
    }
  }

  const parts = {
    document: [] as number[],
    files: [] as number[],
    metrics: [] as number[],
    realtime: [] as number[],
  }
  // The start's background work (demo images, statement PDFs) settles first.
  let idlePerSecond = Number.POSITIVE_INFINITY
  for (let i = 0; i < 30 && idlePerSecond > 5; i += 1) {
    const idleStart = cpuMs()
    await sleep(2000)
    idlePerSecond = (cpuMs() - idleStart) / 2
  }
  for (let i = 0; i < loads; i += 1) {
    await sleep(gapMs)
    let at = cpuMs()
    const take = (part: keyof typeof parts) => {
      const now = cpuMs()
      parts[part].push(now - at)
      at = now
    }
    for (const url of documents) await get(url)
    take('document')
    // A browser fetches a page's files several at a time.
    for (let k = 0; k < assets.length; k += 6) await Promise.all(assets.slice(k, k + 6).map(get))
    take('files')
    for (const p of posts) await post(p)
    take('metrics')
    await realtime()
    take('realtime')
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  console.log(`gateway idle: ${idlePerSecond.toFixed(1)} ms CPU/s; ${loads} loads, ${gapMs} ms apart`)
  for (const [part, xs] of Object.entries(parts)) {
    const count =
      part === 'document'
        ? documents.length
        : part === 'files'
          ? assets.length
          : part === 'metrics'
            ? posts.length
            : joins.length
    console.log(
      `${part.padEnd(9)} median ${median(xs)} ms, mean ${(sum(xs) / xs.length).toFixed(1)} ms per load (${count} requests: ${(sum(xs) / xs.length / Math.max(count, 1)).toFixed(1)} ms each); all: ${xs.join(' ')}`,
    )
  }
  const totals = Array.from({ length: loads }, (_, i) => sum(Object.values(parts).map((xs) => xs[i])))
  console.log(
    `one load: median ${median(totals)} ms, mean ${(sum(totals) / loads).toFixed(1)} ms gateway CPU`,
  )
} finally {
  gateway.kill('SIGTERM')
  await new Promise((resolve) => gateway.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
