/**
 * Attributes every main-thread task over 50 ms (CPU ×4, i.e. over 12.5 ms of real time) of the
 * demo tenant's returning visit to /tenant/dashboard: the Chromium trace with V8's sampling
 * profiler, each task split into what its samples were doing (module evaluation by file, React's
 * render by component, commit, effects, JSON, style/layout/paint, GC). Component and function
 * names need an unminified build (`npx vite build --minify false` in apps/web, then
 * `node scripts/prerender.ts`). Same visit as scripts/profile-dashboard.ts.
 *   node scripts/attribute-dashboard.ts --base=http://127.0.0.1:PORT [--runs=1] [--trace=prefix]
 */
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import { anonKeyOf, prepareReturningDashboard, signIn } from './lighthouse-browser.ts'

const args = process.argv.slice(2)
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const BASE = option('base') ?? 'http://127.0.0.1:4415'
const RUNS = Number(option('runs') ?? 1)
const PREFIX = option('trace') ?? 'attribute-dashboard'
const THRESHOLD_US = 50_000

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type Node = { id: number; parent?: number; callFrame: Frame }
type Ev = {
  name: string
  cat?: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args?: { data?: Record<string, unknown>; name?: string }
}

const file = (u: string | undefined) => (u ?? '').replace(/^.*\//, '').replace(/\?.*$/, '')

/** What one stack was doing, in one phrase. */
function bucket(stack: Frame[]): string {
  // stack[0] is the root.
  const names = stack.map((f) => f.functionName)
  const has = (n: string) => names.includes(n)
  if (stack.length === 0) return '(program)'
  const top = stack[stack.length - 1]
  if (top.functionName === '(garbage collector)') return 'GC'
  if (top.functionName === '(program)' || top.functionName === '(idle)') return top.functionName
  if (has('parse') && stack.some((f) => f.functionName === 'parse' && f.url === '')) return 'JSON.parse'
  // React: commit phases and render, by the component being rendered.
  const commitI = names.findIndex((n) =>
    ['commitRoot', 'commitRootImpl', 'flushMutationEffects', 'commitMutationEffects'].includes(n),
  )
  const passive = names.findIndex((n) => n === 'flushPassiveEffects' || n === 'flushPassiveEffectsImpl')
  const layoutEff = names.findIndex((n) => n === 'flushLayoutEffects' || n === 'commitLayoutEffects')
  const renderComp = (from: number) => {
    for (let i = stack.length - 1; i >= from; i--) {
      const n = stack[i].functionName
      if (/^[A-Z]/.test(n) && stack[i].url && !/react-dom|scheduler/.test(stack[i].url)) return n
    }
    return undefined
  }
  const effectOwner = (from: number) => {
    for (let i = from; i < stack.length; i++) {
      const f = stack[i]
      if (f.url && !/react-dom|chunk-|scheduler/.test(file(f.url)) && f.functionName)
        return `${file(f.url)}:${f.functionName}`
    }
    return '?'
  }
  if (passive >= 0) return `effects (passive) ${effectOwner(passive)}`
  if (layoutEff >= 0) return `effects (layout) ${effectOwner(layoutEff)}`
  if (commitI >= 0) return 'commit (DOM)'
  const work = names.findIndex((n) =>
    [
      'performWorkOnRoot',
      'performUnitOfWork',
      'workLoopSync',
      'workLoopConcurrentByScheduler',
      'renderRootSync',
      'renderRootConcurrent',
    ].includes(n),
  )
  if (work >= 0) {
    const c = renderComp(work)
    if (c) return `render ${c}`
    // Inside React's own work: name the phase by React's function nearest the leaf.
    const known = [
      'createInstance',
      'setInitialProperties',
      'appendAllChildren',
      'completeWork',
      'reconcileChildFibers',
      'beginWork',
      'createFiberFromElement',
      'mountIndeterminateComponent',
      'renderWithHooks',
      'updateContextProvider',
      'propagateContextChange',
      'bailoutOnAlreadyFinishedWork',
    ]
    for (let i = stack.length - 1; i >= work; i--)
      if (known.includes(stack[i].functionName)) return `render (react ${stack[i].functionName})`
    return `render (react ${top.functionName || '?'})`
  }
  // Module evaluation: the outermost frame of a file with an anonymous top-level function.
  const first = stack.find((f) => f.url)
  if (
    first &&
    (first.functionName === '' || first.functionName === '(anonymous)') &&
    stack.indexOf(first) <= 1
  )
    return `module ${file(first.url)} → ${file(top.url) || top.functionName}`
  const firstNamed = stack.find((f) => f.url && f.functionName)
  return `js ${first ? file(first.url) : '?'}:${firstNamed?.functionName ?? '?'} → ${file(top.url)}:${top.functionName}`
}

function analyse(path: string): string[] {
  const events = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: Ev[] } | Ev[]
  const all = Array.isArray(events) ? events : events.traceEvents
  const mainThread = all.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      all.some((x) => x.pid === e.pid && x.name === 'ParseHTML'),
  )
  if (!mainThread) return ['no main thread']
  const { pid, tid } = mainThread
  const onMain = all.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
  const nav = all.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? onMain[0].ts
  // The sampling profile (ProfileChunk events on the main thread).
  const nodes = new Map<number, Node>()
  const samples: { ts: number; node: number }[] = []
  let t = 0
  // The samples are written by the profiler's own thread, under the id of the main thread's profile.
  const profileStart = all.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)
  const chunks = all.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profileStart?.id)
  t = (profileStart?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0
  for (const c of chunks) {
    const d = c.args?.data as { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] }
    for (const n of d.cpuProfile?.nodes ?? []) nodes.set(n.id, n)
    const s = d.cpuProfile?.samples ?? []
    const deltas = d.timeDeltas ?? []
    for (let i = 0; i < s.length; i++) {
      t += deltas[i] ?? 0
      samples.push({ ts: t, node: s[i] })
    }
  }
  const stackOf = (id: number): Frame[] => {
    const out: Frame[] = []
    for (let n = nodes.get(id); n; n = n.parent !== undefined ? nodes.get(n.parent) : undefined)
      out.push(n.callFrame)
    return out.reverse().filter((f) => f.functionName !== '(root)')
  }
  const tasks = onMain.filter(
    (e) =>
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > THRESHOLD_US,
  )
  const out: string[] = []
  let blocking = 0
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0)
    blocking += (task.dur ?? 0) - THRESHOLD_US
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    const totals = new Map<string, number>()
    const add = (k: string, us: number) => totals.set(k, (totals.get(k) ?? 0) + us)
    // Renderer work outside JS, from trace events (self time of the outermost such event).
    for (const e of inside) {
      if (
        [
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'PrePaint',
          'Layerize',
          'ParseHTML',
          'ParseAuthorStyleSheet',
          'HitTest',
          'IntersectionObserverController::computeIntersections',
        ].includes(e.name)
      ) {
        const parentSame = inside.some(
          (p) =>
            p !== e &&
            ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize'].includes(p.name) &&
            p.ts <= e.ts &&
            p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0),
        )
        if (!parentSame) add(`[${e.name}]`, e.dur ?? 0)
      }
    }
    const nonJs = [...totals.values()].reduce((s, v) => s + v, 0)
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end)
    // Each sample stands for the time to the next one.
    for (let i = 0; i < inTask.length; i++) {
      const next = inTask[i + 1]?.ts ?? end
      const b = bucket(stackOf(inTask[i].node))
      if (b === '(program)' || b === '(idle)') continue
      add(b, next - inTask[i].ts)
    }
    const what = inside.filter((e) =>
      [
        'EvaluateScript',
        'v8.evaluateModule',
        'TimerFire',
        'FunctionCall',
        'EventDispatch',
        'FireAnimationFrame',
        'XHRLoad',
        'ResourceReceivedData',
        'RunMicrotasks',
        'ParseHTML',
      ].includes(e.name),
    )
    const kind = what[0]
      ? `${what[0].name}${(what[0].args?.data?.url as string) ? ` ${file(what[0].args?.data?.url as string)}` : ''}${(what[0].args?.data?.functionName as string) ? `:${what[0].args?.data?.functionName}` : ''}`
      : task.name
    const parts = [...totals.entries()].sort((a, b) => b[1] - a[1]).filter(([, us]) => us >= 2000)
    out.push(
      `task ${Math.round((task.dur ?? 0) / 1000)} ms @${Math.round((task.ts - nav) / 1000)} (${kind}; non-JS ${Math.round(nonJs / 1000)})`,
    )
    for (const [k, us] of parts.slice(0, 12))
      out.push(`    ${String(Math.round(us / 1000)).padStart(4)} ms  ${k}`)
  }
  out.push(`tasks over 50 ms: ${tasks.length}; blocking (sum over 50 ms) ${Math.round(blocking / 1000)} ms`)
  // Counts that do not depend on the machine's load: how much the renderer had to lay out and restyle.
  const layouts = onMain.filter((e) => e.name === 'Layout')
  const styles = onMain.filter((e) => e.name === 'UpdateLayoutTree')
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  const objects = sum(
    layouts.map((e) =>
      Number((e.args as { beginData?: { dirtyObjects?: number } })?.beginData?.dirtyObjects ?? 0),
    ),
  )
  const elements = sum(styles.map((e) => Number((e.args as { elementCount?: number })?.elementCount ?? 0)))
  const forced = layouts.filter(
    (e) => (e.args as { beginData?: { stackTrace?: unknown } })?.beginData?.stackTrace,
  ).length
  out.push(
    `layouts ${layouts.length} (${objects} objects laid out, ${forced} forced by script); style recalcs ${styles.length} (${elements} elements)`,
  )
  return out
}

const INIT = () => {
  const w = window as unknown as Record<string, unknown>
  const commits: { at: number; n: number }[] = []
  w.__commits = commits
  type Fiber = {
    child: Fiber | null
    sibling: Fiber | null
    alternate: Fiber | null
    tag: number
    flags: number
  }
  const walk = (p: Fiber, mount: boolean): number => {
    let n = 0
    for (let c = p.child; c; c = c.sibling) {
      const m = mount || !c.alternate
      if ([0, 1, 11, 14, 15].includes(c.tag) && (m || (c.flags & 1) !== 0)) n++
      if (m || c.child !== c.alternate?.child) n += walk(c, m)
    }
    return n
  }
  const renderers = new Map<number, unknown>()
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers,
    inject(r: unknown) {
      renderers.set(renderers.size + 1, r)
      return renderers.size
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      commits.push({ at: Math.round(performance.now()), n: walk(root.current, !root.current.alternate) })
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  }
}

if (option('analyse')) {
  for (const line of analyse(option('analyse') as string)) console.log(line)
  process.exit(0)
}
const anonKey = await anonKeyOf(BASE)
for (let run = 1; run <= RUNS; run++) {
  const session = await signIn(BASE, anonKey, {
    email: 'tenant.a@genesis-centre.test',
    password: 'Tenant-A-demo-2024!',
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    })
    const { page, cdp } = await prepareReturningDashboard(context, BASE, session, 4)
    await page.addInitScript(INIT)
    const load = loadavg().map((l) => l.toFixed(2))
    const path = `${PREFIX}-${run}.json`
    await browser.startTracing(page, {
      path,
      categories: [
        'devtools.timeline',
        'v8.execute',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'loading',
        'v8',
      ],
    })
    await page.goto(`${BASE}/tenant/dashboard`)
    const deadline = Date.now() + 60_000
    const settled = () =>
      page.evaluate(
        () =>
          document.querySelector('[aria-busy="true"]') === null &&
          document.querySelector('section[aria-label="Latest reports"] :is(ol, p)') !== null,
      )
    do await new Promise((r) => setTimeout(r, 2000))
    while (!(await settled()) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 3000))
    const commits = await page.evaluate(
      () => (window as unknown as { __commits: { at: number; n: number }[] }).__commits,
    )
    const lt = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await browser.stopTracing()
    console.log(`run ${run} (load ${load.join(' ')}), FCP ${Math.round(lt ?? 0)} ms`)
    console.log(
      `  commits ${commits.length}, renders ${commits.reduce((s, c) => s + c.n, 0)}: ${commits.map((c) => `${c.n}@${c.at}`).join(' ')}`,
    )
    for (const line of analyse(path)) console.log(`  ${line}`)
  } finally {
    await browser.close()
  }
}
