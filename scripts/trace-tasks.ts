/**
 * Attributes every long main-thread task of loading public pages (issue 15's Total Blocking Time,
 * decision 044). Records a Chrome trace (the categories DevTools' performance panel uses) and a CPU
 * profile of each page in Chromium with the CPU slowed as Lighthouse's mobile preset simulates it
 * (×4), then prints each task longer than `--over` (50 ms slowed, i.e. 12.5 ms of real work: what
 * Lighthouse counts in TBT) with its start time, what the browser did inside it (script, style,
 * layout, paint, parsing, GC: self time per trace event) and the script functions and modules that
 * took its samples. In a build without minification (`npx vite build --minify=false` in apps/web,
 * then `node scripts/prerender.ts`) the modules are named by rolldown's `//#region` comments.
 *   node scripts/trace-tasks.ts [--base=http://localhost:4318] [--runs=1] [--rate=4] [--over=50]
 *     [--top=8] [--save=dir] [--wait=8000] [--file=saved-trace.json] [/ /stores …]
 * `--file` reads a trace saved before (this script's `--save`, or Lighthouse's `--save-assets`).
 * With `--report=<Lighthouse JSON>` (the run that saved that trace) it also lists every task of the
 * report's `long-tasks` audit (what its Total Blocking Time counts, at the simulated start and
 * duration) beside the observed task it was made from: Lighthouse's simulation takes each task's
 * **wall** duration ×4 (not its thread time), so a task is matched by wall duration, and shown with
 * its thread time, the browser's work inside it (wall self time) and the scripts, timers and events
 * it ran (for a timer, the function that set it, from the trace's `TimerInstall`).
 * Needs a running gateway serving a build (`npm run build`, then `npm start`). Counts (how many
 * tasks, their summed time over 50 ms) are printed per page; the times move with the machine's load.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const args = process.argv.slice(2)
const opt = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const base = opt('base', 'http://localhost:4318')
const runs = Number(opt('runs', '1'))
const rate = Number(opt('rate', '1'))
const over = Number(opt('over', '12.5'))
const top = Number(opt('top', '8'))
const save = opt('save', '')
const wait = Number(opt('wait', '8000'))
const paths = args.filter((a) => !a.startsWith('--'))
if (paths.length === 0) paths.push('/', '/stores')

const CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.gc',
]

type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time: what the task cost, apart from the time other processes held the core. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> }
}
type Node = { ev: TraceEvent; end: number; children: Node[] }
type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
type Profile = { nodes: ProfileNode[]; startTime: number; samples?: number[]; timeDeltas?: number[] }

/** `//#region <module>` markers of an unminified chunk: [first line (0-based), module] sorted. */
async function regionsOf(url: string): Promise<[number, string][]> {
  const text = await (await fetch(url)).text()
  const out: [number, string][] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const m = /^\/\/#region (.+)$/.exec(lines[i])
    if (m) out.push([i, m[1]])
    else if (lines[i] === '//#endregion') out.push([i, '(chunk)'])
  }
  return out
}
const regionCache = new Map<string, Promise<[number, string][]>>()
async function moduleAt(url: string, line: number): Promise<string> {
  if (!url.includes('/assets/') || !url.endsWith('.js')) return url ? shortUrl(url) : '(native)'
  let p = regionCache.get(url)
  if (!p) {
    p = regionsOf(url).catch(() => [])
    regionCache.set(url, p)
  }
  const regions = await p
  let found = '(chunk)'
  for (const [start, name] of regions) {
    if (start > line) break
    found = name
  }
  return `${shortUrl(url)} ${found}`
}
const shortUrl = (url: string) => url.replace(base, '').replace(/^.*\/assets\//, '')

const fmt = (n: number) => String(Math.round(n)).padStart(5)
const cpuMs = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000

/**
 * The long tasks of one page load: top-level trace events of the page's main thread whose thread
 * time exceeds `over`, each with what it did and, given a CPU profile, whose code it ran.
 */
/**
 * The page's renderer main thread (where the document was parsed) and its complete events nested
 * into trees, a child starting and ending inside its parent: the roots are its top-level tasks.
 */
function mainThreadTasks(label: string, events: TraceEvent[]) {
  const parses = events.filter(
    (e) => e.name === 'ParseHTML' && /^https?:/.test(String(e.args?.beginData?.url ?? '')),
  )
  const parse = parses[parses.length - 1]
  if (!parse) throw new Error(`${label}: no ParseHTML of the page in the trace`)
  const { pid, tid } = parse
  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const roots: Node[] = []
  const stack: Node[] = []
  for (const ev of main) {
    const node: Node = { ev, end: ev.ts + (ev.dur ?? 0), children: [] }
    while (stack.length && stack[stack.length - 1].end <= ev.ts) stack.pop()
    if (stack.length) stack[stack.length - 1].children.push(node)
    else roots.push(node)
    stack.push(node)
  }
  return { parse, pid, roots }
}

async function analyse(label: string, events: TraceEvent[], cpu: Profile | undefined): Promise<string> {
  const { parse, pid, roots } = mainThreadTasks(label, events)
  const docUrl = String(parse.args?.beginData?.url)
  const starts = events.filter(
    (e) =>
      e.pid === pid &&
      e.name === 'navigationStart' &&
      String((e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? docUrl) ===
        docUrl,
  )
  const nav = (starts[starts.length - 1] ?? parse).ts
  const at = (ts: number) => fmt((ts - nav) / 1000).trim()
  const fcp = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint')?.ts ?? nav
  const marks = events
    .filter(
      (e) => e.pid === pid && ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(e.name),
    )
    .map((e) => `${e.name.replace('::Candidate', '')}@${at(e.ts)}`)
  const appRequested = events.find(
    (e) =>
      e.name === 'ResourceSendRequest' &&
      /\/assets\/index-[^/]+\.js$/.test(String((e.args?.data as { url?: string })?.url ?? '')),
  )
  // Self thread time of each event name inside a tree.
  const selfTimes = (node: Node, into: Map<string, number>) => {
    const childTime = node.children.reduce((s, c) => s + cpuMs(c.ev), 0)
    into.set(node.ev.name, (into.get(node.ev.name) ?? 0) + Math.max(0, cpuMs(node.ev) - childTime))
    for (const c of node.children) selfTimes(c, into)
  }
  const urlsOf = (node: Node, into: Set<string>) => {
    const d = (node.ev.args?.data ?? node.ev.args?.beginData) as
      | { url?: string; functionName?: string; stackTrace?: { url: string }[] }
      | undefined
    if (
      d?.url &&
      ['EvaluateScript', 'FunctionCall', 'TimerFire', 'v8.compileModule', 'v8.evaluateModule'].includes(
        node.ev.name,
      )
    )
      into.add(
        `${node.ev.name === 'FunctionCall' && d.functionName ? `${d.functionName}@` : ''}${shortUrl(d.url) || 'document'}`,
      )
    for (const c of node.children) urlsOf(c, into)
  }
  // CPU profile samples: the time of each sample.
  const parent = new Map<number, number>()
  const byId = new Map<number, ProfileNode>()
  const sampleTimes: number[] = []
  if (cpu) {
    for (const n of cpu.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
    for (const n of cpu.nodes) byId.set(n.id, n)
    let t = cpu.startTime
    for (const d of cpu.timeDeltas ?? []) {
      t += d
      sampleTimes.push(t)
    }
  }
  const long = roots.filter((r) => cpuMs(r.ev) > over)
  const afterPaint = long.filter((r) => r.end > fcp)
  // What Lighthouse's simulation would count of these tasks (its CPU ×4, over 50 ms, after FCP).
  const tbtLike = afterPaint.reduce((s, r) => s + Math.max(0, 4 * cpuMs(r.ev) - 50), 0)
  const lines: string[] = []
  lines.push(
    `\n${label}: ${long.length} tasks over ${over} ms of thread time (${afterPaint.length} after the first paint, ×4 − 50 summed: ${Math.round(tbtLike)} ms), ` +
      `longest ${Math.round(Math.max(0, ...long.map((r) => cpuMs(r.ev))))} ms; ${marks.join(' ')}` +
      (appRequested ? ` app requested@${at(appRequested.ts)}` : ''),
  )
  for (const task of long) {
    const selfs = new Map<string, number>()
    selfTimes(task, selfs)
    const urls = new Set<string>()
    urlsOf(task, urls)
    const inside = [...selfs].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 0.5)
    lines.push(
      `  task @${fmt((task.ev.ts - nav) / 1000)} cpu ${fmt(cpuMs(task.ev))} ms (wall ${Math.round((task.ev.dur ?? 0) / 1000)})  [${[...urls].slice(0, 6).join(', ') || 'no script url'}]\n    browser: ${inside
        .slice(0, top)
        .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
        .join(', ')}`,
    )
    if (!cpu) continue
    // Samples inside the task: by self function and by module (the innermost frame of our code).
    const bySelf = new Map<string, number>()
    const byModule = new Map<string, number>()
    let sampled = 0
    for (let i = 0; i < (cpu.samples ?? []).length; i++) {
      const t = sampleTimes[i]
      if (t < task.ev.ts || t > task.end) continue
      const node = byId.get((cpu.samples ?? [])[i])
      if (!node || node.callFrame.functionName === '(idle)') continue
      const w = ((cpu.timeDeltas ?? [])[i + 1] ?? 0) / 1000
      sampled += w
      const f = node.callFrame
      const self = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`
      bySelf.set(self, (bySelf.get(self) ?? 0) + w)
      let id: number | undefined = node.id
      let own: ProfileNode | undefined
      while (id !== undefined) {
        const n = byId.get(id)
        if (n?.callFrame.url.includes('/assets/')) {
          own = n
          break
        }
        id = parent.get(id)
      }
      const mod = own
        ? await moduleAt(own.callFrame.url, own.callFrame.lineNumber)
        : `(${f.functionName || 'native'})`
      byModule.set(mod, (byModule.get(mod) ?? 0) + w)
    }
    const show = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .filter(([, ms]) => ms >= 0.5)
        .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
        .join('; ')
    lines.push(`    samples ${Math.round(sampled)} ms (wall) — self: ${show(bySelf)}`)
    lines.push(`    by module: ${show(byModule)}`)
  }
  console.log(lines.join('\n'))
  return `${label}: ${long.length} tasks over ${over} ms (${afterPaint.length} after first paint, TBT-like ${Math.round(tbtLike)} ms), longest ${Math.round(Math.max(0, ...long.map((r) => cpuMs(r.ev))))} ms, thread time of all tasks ${Math.round(roots.reduce((s, r) => s + cpuMs(r.ev), 0))} ms`
}

type LongTaskItem = { url: string; startTime: number; duration: number }

/**
 * Each task Lighthouse's `long-tasks` audit lists, matched to the observed top-level task of the
 * page's main thread whose wall duration ×4 is nearest its simulated duration (within 4 ms).
 */
function lighthouseLongTasks(reportFile: string, events: TraceEvent[]): string {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    categories: { performance: { score: number | null } }
    audits: Record<string, { numericValue?: number; details?: { items?: LongTaskItem[] } }>
  }
  const { parse, pid, roots } = mainThreadTasks(reportFile, events)
  const nav =
    events.find(
      (e) =>
        e.pid === pid &&
        e.name === 'navigationStart' &&
        /^https?:/.test(
          String((e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL),
        ),
    )?.ts ?? parse.ts
  const installs = new Map<unknown, { functionName: string; url: string }>()
  for (const e of events) {
    const d = e.args?.data as
      | { timerId?: unknown; stackTrace?: { functionName: string; url: string }[] }
      | undefined
    if (e.name === 'TimerInstall' && e.pid === pid && d?.stackTrace?.[0])
      installs.set(d.timerId, d.stackTrace[0])
  }
  const wallSelf = (node: Node, into: Map<string, number>) => {
    const childTime = node.children.reduce((s, c) => s + (c.ev.dur ?? 0), 0)
    into.set(node.ev.name, (into.get(node.ev.name) ?? 0) + Math.max(0, (node.ev.dur ?? 0) - childTime) / 1000)
    for (const c of node.children) wallSelf(c, into)
  }
  const ran = (node: Node, into: string[]) => {
    const d = (node.ev.args?.data ?? node.ev.args?.beginData ?? {}) as {
      url?: string
      functionName?: string
      type?: string
      timerId?: unknown
    }
    const named = [
      'FunctionCall',
      'EvaluateScript',
      'v8.evaluateModule',
      'TimerFire',
      'EventDispatch',
      'ParseHTML',
    ]
    if (named.includes(node.ev.name) && (node.ev.dur ?? 0) >= 2000) {
      const by = node.ev.name === 'TimerFire' ? installs.get(d.timerId) : undefined
      into.push(
        [
          node.ev.name,
          d.functionName,
          d.type,
          d.url ? shortUrl(d.url) || 'document' : undefined,
          by ? `(set by ${by.functionName || 'anonymous'}@${shortUrl(by.url) || 'document'})` : undefined,
          `${Math.round((node.ev.dur ?? 0) / 1000)} ms`,
        ]
          .filter(Boolean)
          .join(' '),
      )
    }
    for (const c of node.children) ran(c, into)
  }
  const items = report.audits['long-tasks']?.details?.items ?? []
  const lines = [
    `\n${reportFile}: score ${Math.round((report.categories.performance.score ?? 0) * 100)}, TBT ${Math.round(report.audits['total-blocking-time']?.numericValue ?? 0)} ms, ${items.length} long tasks (simulated start +duration; observed start, wall and thread time)`,
  ]
  // Closest pairs first, so that two items of similar length each get their own task.
  const pairs: [number, LongTaskItem, Node][] = []
  for (const item of items)
    for (const r of roots) {
      const gap = Math.abs(((r.ev.dur ?? 0) * 4) / 1000 - item.duration)
      if (gap <= 4) pairs.push([gap, item, r])
    }
  pairs.sort((a, b) => a[0] - b[0])
  const matched = new Map<LongTaskItem, Node>()
  const used = new Set<Node>()
  for (const [, item, r] of pairs)
    if (!matched.has(item) && !used.has(r)) {
      matched.set(item, r)
      used.add(r)
    }
  for (const item of [...items].sort((a, b) => a.startTime - b.startTime)) {
    const best = matched.get(item)
    const head = `  sim ${fmt(item.startTime)} +${fmt(item.duration)}  ${shortUrl(item.url) || 'document'}`
    if (!best) {
      lines.push(`${head}: no observed task of that wall duration (Lighthouse joins some short tasks)`)
      continue
    }
    const selfs = new Map<string, number>()
    wallSelf(best, selfs)
    const scripts: string[] = []
    ran(best, scripts)
    lines.push(
      `${head}  obs @${fmt((best.ev.ts - nav) / 1000)} wall ${fmt((best.ev.dur ?? 0) / 1000)} thread ${fmt(cpuMs(best.ev))}\n` +
        `    wall self: ${[...selfs]
          .sort((a, b) => b[1] - a[1])
          .filter(([, ms]) => ms >= 1)
          .slice(0, top)
          .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
          .join(', ')}` +
        (scripts.length ? `\n    ran: ${scripts.slice(0, top).join(' | ')}` : ''),
    )
  }
  return lines.join('\n')
}

const summary: string[] = []
const file = opt('file', '')
const reportFile = opt('report', '')
if (file) {
  const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  summary.push(await analyse(file, events, undefined))
  if (reportFile) summary.push(lighthouseLongTasks(reportFile, events))
} else {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  })
  for (let run = 0; run < runs; run++) {
    for (const path of paths) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
      })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await browser.startTracing(page, { categories: CATEGORIES })
      await cdp.send('Profiler.start')
      await page.goto(base + path, { waitUntil: 'load' })
      // Nothing is evaluated in the page (Playwright's own scripts would show up as long tasks):
      // the app's start, its idle work and the metrics chunk finish well within this on a 4× CPU.
      await page.waitForTimeout(wait)
      const cpu = (await cdp.send('Profiler.stop')).profile as Profile
      const buffer = await browser.stopTracing()
      await context.close()
      const trace = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }
      if (save) {
        mkdirSync(save, { recursive: true })
        const name = path === '/' ? 'home' : path.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-')
        writeFileSync(join(save, `${name}.run${run + 1}.trace.json`), buffer)
        writeFileSync(join(save, `${name}.run${run + 1}.cpuprofile`), JSON.stringify(cpu))
      }
      summary.push(await analyse(`${path} run ${run + 1} (CPU ×${rate})`, trace.traceEvents, cpu))
    }
  }
  await browser.close()
}
console.log(`\n${summary.join('\n')}`)
