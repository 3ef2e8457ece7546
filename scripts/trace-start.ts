/**
 * Counts the main-thread work of loading public pages in Chromium with the CPU slowed 4× (as
 * Lighthouse's mobile preset does), the yardstick for issue 15's page speed on a machine too
 * busy for stable timings. Counts (long tasks, DOM nodes, bytes) vary less with load than times.
 *   node scripts/trace-start.ts [--base=http://localhost:4318] [--runs=3] [--profile] [/ /stores …]
 * Needs a running gateway serving a build (`npm run build`, then `npm start`).
 * Every run counts React's commits (through the hook React offers its developer tools, which the
 * production build calls too) and the time from navigation to the first one. `--profile` also
 * records a CPU profile of the page and prints the time spent inside React's root work (render,
 * commit and the DOM it writes): the names are only readable in an unminified build
 * (`npx vite build --minify=false` in apps/web, then `node scripts/prerender.ts`).
 */
import { chromium } from '@playwright/test'
import { type CallFrame, inclusiveMs } from './cpu-profile.ts'

const args = process.argv.slice(2)
const opt = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const base = opt('base', 'http://localhost:4318')
const runs = Number(opt('runs', '3'))
const profile = args.includes('--profile')
/** React's functions that enclose one root's render and commit (react-dom's production build, unminified). */
const ROOT_WORK = new Set(['performWorkOnRoot', 'performSyncWorkOnRoot', 'performWorkOnRootViaSchedulerTask'])
const COMMIT = new Set(['commitRoot', 'commitRootImpl', 'flushMutationEffects', 'flushLayoutEffects'])
const HYDRATE = new Set([
  'tryToClaimNextHydratableInstance',
  'prepareToHydrateHostInstance',
  'hydrateInstance',
])

/** A frame of one of `names`. */
const named = (names: Set<string>) => (frame: CallFrame) => names.has(frame.functionName)
const paths = args.filter((a) => !a.startsWith('--'))
if (paths.length === 0) paths.push('/', '/stores', '/stores/pick-n-pay', '/leasing')

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
})
const rows: Record<string, Record<string, number[]>> = {}
for (let run = 0; run < runs; run++) {
  for (const path of paths) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const w = window as unknown as { __long: number[]; __fcp: number; __commits: number[] }
      w.__long = []
      w.__commits = []
      // React's production build reports each commit to its developer tools' hook when one exists.
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        value: {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          onCommitFiberRoot: () => w.__commits.push(performance.now()),
          onCommitFiberUnmount: () => {},
          onPostCommitFiberRoot: () => {},
          checkDCE: () => {},
        },
      })
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push(e.duration)
      }).observe({ type: 'longtask', buffered: true })
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__fcp = e.startTime
      }).observe({ type: 'paint', buffered: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    if (profile) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    const response = await page.goto(base + path, { waitUntil: 'load' })
    const html = (await response?.body())?.length ?? 0
    // The app has drawn once React owns the root; then let deferred work (idle callbacks, metrics) run.
    await page.waitForFunction(() => {
      const root = document.getElementById('root')
      return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'))
    })
    await page.waitForTimeout(4000)
    const { metrics } = await cdp.send('Performance.getMetrics')
    const cpu = profile ? (await cdp.send('Profiler.stop')).profile : undefined
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]))
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __long: number[]; __fcp: number; __commits: number[] }
      return {
        long: w.__long,
        fcp: w.__fcp,
        nodes: document.getElementsByTagName('*').length,
        commits: w.__commits,
      }
    })
    rows[path] ??= {}
    const row = rows[path]
    const add = (k: string, v: number) => {
      row[k] ??= []
      row[k].push(Math.round(v))
    }
    add('htmlKB', html / 1024)
    add('domNodes', seen.nodes)
    add('longTasks', seen.long.length)
    add(
      'longMs',
      seen.long.reduce((s, d) => s + d, 0),
    )
    add(
      'over50Ms',
      seen.long.reduce((s, d) => s + Math.max(0, d - 50), 0),
    )
    add('maxTaskMs', Math.max(0, ...seen.long))
    add('scriptMs', m.ScriptDuration * 1000)
    add('taskMs', m.TaskDuration * 1000)
    add('layoutMs', m.LayoutDuration * 1000)
    add('styleMs', m.RecalcStyleDuration * 1000)
    add('fcpMs', seen.fcp ?? -1)
    add('commits', seen.commits.length)
    add('firstCommitMs', seen.commits[0] ?? -1)
    if (cpu) {
      add('reactRootMs', inclusiveMs(cpu, named(ROOT_WORK)))
      add('commitMs', inclusiveMs(cpu, named(COMMIT)))
      add('hydrateMs', inclusiveMs(cpu, named(HYDRATE)))
    }
    // CPU time of the page's main thread and counts of its work: steadier than wall time on a busy machine.
    add('threadCpuMs', m.ThreadTime * 1000)
    add('layouts', m.LayoutCount)
    add('styleRecalcs', m.RecalcStyleCount)
    add('layoutObjects', m.LayoutObjects)
    await context.close()
  }
}
await browser.close()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
for (const [path, row] of Object.entries(rows)) {
  console.log(path)
  for (const [k, xs] of Object.entries(row))
    console.log(`  ${k.padEnd(10)} median ${String(median(xs)).padStart(6)}  runs ${xs.join(', ')}`)
}
