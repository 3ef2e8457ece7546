/**
 * Counts the main-thread work of opening /tenant/dashboard as the demo tenant's returning visit
 * (the one `npm run lighthouse` audits: the dashboard was opened once before, then the browser's
 * cache was cleared), in the system Chromium with a phone's screen and the CPU slowed ×4 as
 * Lighthouse's mobile preset does. Counts first, which do not depend on the machine's load:
 * React commits and the components each one rendered (read through the hook React offers its
 * developer tools, so it works on the production build; component names need an unminified
 * build: `npx vite build --minify false` in apps/web), long tasks, and the scripts loaded.
 * Timings are printed too, with the load average, for what they are worth on a shared machine.
 *
 * Usage: start a gateway (`npm start` with SEED_DEMO=true), then
 *   node scripts/profile-dashboard.ts --base=http://127.0.0.1:PORT [--runs=3] [--json=out.json]
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import { anonKeyOf, prepareReturningDashboard, signIn } from './lighthouse-browser.ts'

const args = process.argv.slice(2)
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined
const BASE = option('base') ?? 'http://127.0.0.1:4415'
const RUNS = Number(option('runs') ?? 3)
const JSON_OUT = option('json')
/** Also record a Chromium trace per run (`--trace=prefix` writes prefix-1.json, …) and attribute its long tasks. */
const TRACE = option('trace')
/** `--desktop`: 1280×720 instead of a phone's screen; `--cpu=1`: no CPU slowdown. */
const DESKTOP = args.includes('--desktop')
const CPU = Number(option('cpu') ?? 4)
const DEMO_TENANT = { email: 'tenant.a@genesis-centre.test', password: 'Tenant-A-demo-2024!' }

/** Recorded in the page before any of its code runs. */
const INIT = () => {
  type Fiber = {
    tag: number
    type: unknown
    child: Fiber | null
    sibling: Fiber | null
    alternate: Fiber | null
    flags: number
  }
  const w = window as unknown as Record<string, unknown>
  const commits: { at: number; renders: string[] }[] = []
  const fetches: { at: number; url: string }[] = []
  const longTasks: { start: number; duration: number }[] = []
  w.__profile = { commits, fetches, longTasks }
  // FunctionComponent, ClassComponent, ForwardRef, MemoComponent, SimpleMemoComponent.
  const COMPONENT = new Set([0, 1, 11, 14, 15])
  const PERFORMED_WORK = 1
  const nameOf = (f: Fiber): string => {
    type Named = { displayName?: string; name?: string; render?: Named; type?: Named }
    const t = f.type as Named | null
    if (!t) return '?'
    const inner = t.render ?? t.type
    return t.displayName || t.name || inner?.displayName || inner?.name || 'anonymous'
  }
  // A fiber rendered in this commit if it is new, or if it performed work; a subtree whose child
  // list was not cloned was not visited at all (what React's developer tools do).
  const walk = (parent: Fiber, out: string[], mounting: boolean) => {
    for (let c = parent.child; c; c = c.sibling) {
      const mount = mounting || !c.alternate
      if (COMPONENT.has(c.tag) && (mount || (c.flags & PERFORMED_WORK) !== 0)) out.push(nameOf(c))
      if (mount || c.child !== c.alternate?.child) walk(c, out, mount)
    }
  }
  const renderers = new Map<number, unknown>()
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers,
    inject(renderer: unknown) {
      const id = renderers.size + 1
      renderers.set(id, renderer)
      return id
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const renders: string[] = []
      const current = root.current
      walk(current, renders, !current.alternate)
      commits.push({ at: performance.now(), renders })
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  }
  const realFetch = window.fetch.bind(window)
  window.fetch = async (...a: Parameters<typeof fetch>) => {
    const res = await realFetch(...a)
    const url = typeof a[0] === 'string' ? a[0] : a[0] instanceof URL ? a[0].href : a[0].url
    const u = new URL(url, location.href)
    // The body is read by the caller; note when the answer's headers arrived.
    fetches.push({ at: performance.now(), url: u.pathname + u.search.slice(0, 60) })
    return res
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  const lcp: { at: number; what: string }[] = []
  ;(w.__profile as Record<string, unknown>).lcp = lcp
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      const el = e.element
      const what = el
        ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
        : '?'
      lcp.push({ at: Math.round(e.startTime), what })
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

interface RunResult {
  load: number[]
  fcp: number | null
  commits: { at: number; count: number; top: string }[]
  renders: number
  longTasks: { start: number; duration: number }[]
  blocking: number
  blockingAfterFcp: number
  scripts: { name: string; bytes: number; start: number; end: number }[]
  fetches: { at: number; url: string }[]
  lcp: { at: number; what: string }[]
  trace?: string[]
  settledAt: number
}

/**
 * The long tasks of a Chromium trace (the page's main thread), each with what took its time:
 * script evaluation by file, function calls by file, style, layout, paint, garbage collection.
 */
function summariseTrace(path: string): string[] {
  type Ev = {
    name: string
    ph: string
    ts: number
    dur?: number
    pid: number
    tid: number
    args?: { data?: Record<string, unknown>; name?: string }
  }
  const events = (JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: Ev[] }).traceEvents
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'),
  )
  if (!main) return ['(no renderer main thread in the trace)']
  const onMain = events.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined,
  )
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? onMain[0]?.ts ?? 0
  const tasks = onMain.filter(
    (e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > 50_000,
  )
  const label = (e: Ev): string | undefined => {
    const d = e.args?.data ?? {}
    const file = (u: unknown) => (typeof u === 'string' && u ? u.replace(/^.*\//, '') : '')
    switch (e.name) {
      case 'EvaluateScript':
        return `eval ${file(d.url)}`
      case 'v8.compileModule':
      case 'v8.evaluateModule':
        return `module ${file((d as { fileName?: string }).fileName ?? d.url)}`
      case 'FunctionCall':
        return `call ${file(d.url)}${d.functionName ? `:${d.functionName}` : ''}`
      case 'TimerFire':
      case 'FireAnimationFrame':
      case 'EventDispatch':
      case 'ParseHTML':
      case 'Layout':
      case 'UpdateLayoutTree':
      case 'Paint':
      case 'PrePaint':
      case 'Layerize':
      case 'MajorGC':
      case 'MinorGC':
      case 'V8.GC_SCAVENGER':
      case 'BlinkGC.AtomicPhase':
      case 'XHRReadyStateChange':
      case 'ResourceReceivedData':
      case 'RunMicrotasks':
      case 'v8.run':
      case 'ScheduledAction':
        return e.name
      default:
        return undefined
    }
  }
  const out: string[] = []
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0)
    const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end)
    // Self time of each labelled event, attributed to its nearest labelled ancestor.
    const totals = new Map<string, number>()
    const labelled = inside.filter((e) => label(e))
    for (const e of labelled) {
      const children = labelled.filter(
        (c) => c !== e && c.ts >= e.ts && c.ts + (c.dur ?? 0) <= e.ts + (e.dur ?? 0),
      )
      const direct = children.filter(
        (c) => !children.some((p) => p !== c && c.ts >= p.ts && c.ts + (c.dur ?? 0) <= p.ts + (p.dur ?? 0)),
      )
      const self = (e.dur ?? 0) - direct.reduce((s, c) => s + (c.dur ?? 0), 0)
      const key = label(e) as string
      totals.set(key, (totals.get(key) ?? 0) + self)
    }
    const parts = [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .filter(([, us]) => us > 5000)
    out.push(
      `${Math.round((t.dur ?? 0) / 1000)} ms @${Math.round((t.ts - nav) / 1000)}: ${parts.map(([k, us]) => `${k} ${Math.round(us / 1000)}`).join(', ')}`,
    )
  }
  return out
}

async function once(session: unknown, runNo: number): Promise<RunResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext(
      DESKTOP
        ? { viewport: { width: 1280, height: 720 } }
        : { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    )
    // The earlier visit: the app stores the heading's summary (tenant_data).
    const { page, cdp } = await prepareReturningDashboard(context, BASE, session, CPU)
    await page.addInitScript(INIT)
    const load = loadavg().map((l) => Math.round(l * 100) / 100)
    const tracePath = TRACE ? `${TRACE}-${runNo}.json` : undefined
    if (tracePath)
      await browser.startTracing(page, {
        path: tracePath,
        categories: [
          'devtools.timeline',
          'v8.execute',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'loading',
        ],
      })
    await page.goto(`${BASE}/tenant/dashboard`)
    // Settled: the overview's parts have all left their loading states.
    // Settled: the overview's parts have all left their loading states. Checked every two
    // seconds from here, not polled in the page, so the check adds no work of its own to measure.
    const settled = () =>
      page.evaluate(
        () =>
          document.querySelector('[aria-label="Notices from the centre"], #notices-title ~ * p') !== null &&
          document.querySelector('[aria-busy="true"]') === null &&
          document.querySelector('section[aria-label="Latest reports"] :is(ol, p)') !== null,
      )
    const deadline = Date.now() + 60_000
    do await new Promise((r) => setTimeout(r, 2000))
    while (!(await settled()) && Date.now() < deadline)
    // Whatever the last answers set off (a refetch, a late render) gets three quiet seconds.
    await new Promise((r) => setTimeout(r, 3000))
    const raw = await page.evaluate(() => {
      const p = (window as unknown as Record<string, unknown>).__profile as {
        commits: { at: number; renders: string[] }[]
        longTasks: { start: number; duration: number }[]
        fetches: { at: number; url: string }[]
        lcp: { at: number; what: string }[]
      }
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null
      const scripts = performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => /\.js(\?|$)/.test(e.name))
        .map((e) => ({
          name: new URL(e.name).pathname.replace(/^\/assets\//, ''),
          bytes: e.encodedBodySize,
          start: Math.round(e.startTime),
          end: Math.round(e.responseEnd),
        }))
      return { ...p, fcp, scripts, now: performance.now() }
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    if (tracePath) await browser.stopTracing()
    const commits = raw.commits.map((c) => {
      const counts = new Map<string, number>()
      for (const n of c.renders) counts.set(n, (counts.get(n) ?? 0) + 1)
      const top = [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([n, k]) => (k > 1 ? `${n}×${k}` : n))
        .join(' ')
      return { at: Math.round(c.at), count: c.renders.length, top }
    })
    const over = (t: { duration: number }) => Math.max(0, t.duration - 50)
    const fcp = raw.fcp
    return {
      load,
      fcp: fcp === null ? null : Math.round(fcp),
      commits,
      renders: commits.reduce((s, c) => s + c.count, 0),
      longTasks: raw.longTasks.map((t) => ({ start: Math.round(t.start), duration: Math.round(t.duration) })),
      blocking: Math.round(raw.longTasks.reduce((s, t) => s + over(t), 0)),
      blockingAfterFcp: Math.round(
        raw.longTasks.filter((t) => fcp !== null && t.start >= fcp).reduce((s, t) => s + over(t), 0),
      ),
      scripts: raw.scripts,
      lcp: raw.lcp,
      trace: tracePath ? summariseTrace(tracePath) : undefined,
      fetches: raw.fetches.map((f) => ({ at: Math.round(f.at), url: f.url })),
      settledAt: Math.round(raw.now - 3000),
    }
  } finally {
    await browser.close()
  }
}

const anonKey = await anonKeyOf(BASE)
const results: RunResult[] = []
for (let i = 0; i < RUNS; i++) {
  const session = await signIn(BASE, anonKey, DEMO_TENANT)
  const r = await once(session, i + 1)
  results.push(r)
  console.log(`\nrun ${i + 1} (load ${r.load.join(' ')})`)
  console.log(
    `  FCP ${r.fcp} ms · ${r.commits.length} commits, ${r.renders} component renders · ` +
      `${r.longTasks.length} long tasks, ${r.blocking} ms over 50 ms (${r.blockingAfterFcp} after FCP)`,
  )
  for (const c of r.commits) console.log(`  commit @${c.at} ms: ${c.count} renders — ${c.top}`)
  console.log(
    `  answers: ${r.fetches.map((f) => `${f.url.replace(/^\/(rest|auth)\/v1\//, '')}@${f.at}`).join(', ')}`,
  )
  console.log(`  long tasks: ${r.longTasks.map((t) => `${t.duration}@${t.start}`).join(', ')}`)
  console.log(`  largest paints: ${r.lcp.map((l) => `${l.what}@${l.at}`).join(', ')}`)
  if (r.trace) for (const line of r.trace) console.log(`  trace task ${line}`)
  const kb = r.scripts.reduce((s, x) => s + x.bytes, 0) / 1024
  console.log(`  scripts: ${r.scripts.length} files, ${kb.toFixed(1)} KiB as sent`)
}
const scripts = results[0]?.scripts ?? []
console.log('\nscripts of the first run (as sent, by size):')
for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes))
  console.log(`  ${(s.bytes / 1024).toFixed(1).padStart(6)} KiB  ${s.name}  (${s.start}–${s.end} ms)`)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
console.log(
  `\nmedians of ${RUNS}: commits ${median(results.map((r) => r.commits.length))}, renders ${median(
    results.map((r) => r.renders),
  )}, long tasks ${median(results.map((r) => r.longTasks.length))}, over 50 ms ${median(
    results.map((r) => r.blocking),
  )} ms, FCP ${median(results.map((r) => r.fcp ?? 0))} ms`,
)
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 2))
