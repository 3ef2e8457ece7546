/**
 * CPU milliseconds spent inside named functions while a page starts, with the CPU slowed 4× as
 * Lighthouse's mobile preset does: a CPU profile of the page's load (sampled every 100 µs) and,
 * per group of function names, the time of the samples whose stack holds one of them (each
 * sample counted once). CPU-profile time is the page's own JavaScript time, which the load of a
 * shared machine changes far less than wall time. Names are only readable in an unminified build
 * (`npx vite build --minify=false` in apps/web, then `node scripts/prerender.ts`); a bundler's
 * `$1` suffix on a renamed function is ignored.
 *
 *   node scripts/profile-start-functions.ts [--base=http://127.0.0.1:4318] [--runs=3] [/ /stores tenant:/tenant/dashboard …]
 *
 * `tenant:` before a path opens it as the demo tenant's returning visit (lighthouse-browser.ts).
 * Needs a running gateway serving a build with the demo data (`npm start`).
 */
import { loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import { type CallFrame, inclusiveMs, type Profile } from './cpu-profile.ts'
import { anonKeyOf, prepareReturningDashboard, signIn } from './lighthouse-browser.ts'

const args = process.argv.slice(2)
const opt = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const base = opt('base', 'http://127.0.0.1:4318')
const runs = Number(opt('runs', '3'))
const paths = args.filter((a) => !a.startsWith('--'))
/** `--within=name`: also list the functions that took the most self time inside `name` (summed over runs). */
const within = opt('within', '')
if (paths.length === 0) paths.push('/', '/stores', 'tenant:/tenant/dashboard')
const DEMO_TENANT = { email: 'tenant.a@genesis-centre.test', password: 'Tenant-A-demo-2024!' }

/** What is reported: a label and the function names whose samples it counts. */
const GROUPS: [string, string[]][] = [
  ['createAppRouter', ['createAppRouter']],
  ['createRouter', ['createRouter']],
  ['convertRoutes', ['convertRoutesToDataRoutes']],
  ['flattenRank', ['flattenRoutes', 'rankRouteBranches', 'flattenAndRankRoutes']],
  ['matchRoutes', ['matchRoutesImpl', 'matchRoutes']],
  ['routerInit', ['initialize']],
  ['initMonitoring', ['initMonitoring']],
  ['sessionIdOf', ['sessionIdOf']],
  ['tenantIdOf', ['tenantIdOf']],
  ['queueCreate', ['createAnalyticsQueue']],
  ['errorsCreate', ['createErrorReporter']],
  ['retryPending', ['retryPending']],
  ['start', ['start']],
  ['routerReady', ['routerReady']],
]

const bare = (name: string) => name.replace(/\$\d+$/, '')
/** A frame of one of `names`, in the app's own scripts (a bundler's `$1` suffix ignored). */
const ofApp =
  (names: Set<string>) =>
  (frame: CallFrame): boolean =>
    names.has(bare(frame.functionName)) && (frame.url ?? '').includes('/assets/')

const selfWithin = new Map<string, Map<string, number>>()

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
})
const anonKey = paths.some((p) => p.startsWith('tenant:')) ? await anonKeyOf(base) : ''
const rows: Record<string, Record<string, number[]>> = {}
for (let run = 0; run < runs; run++) {
  for (const spec of paths) {
    const tenant = spec.startsWith('tenant:')
    const path = tenant ? spec.slice('tenant:'.length) : spec
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    })
    let page: import('@playwright/test').Page
    let cdp: import('@playwright/test').CDPSession
    if (tenant) {
      const session = await signIn(base, anonKey, DEMO_TENANT)
      ;({ page, cdp } = await prepareReturningDashboard(context, base, session, 4))
    } else {
      page = await context.newPage()
      cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    }
    await cdp.send('Performance.enable')
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
    await page.goto(base + path, { waitUntil: 'load' })
    await page.waitForFunction(() => {
      const root = document.getElementById('root')
      return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'))
    })
    await page.waitForTimeout(3000)
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
    const { metrics } = await cdp.send('Performance.getMetrics')
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]))
    rows[spec] ??= {}
    const row = rows[spec]
    const add = (k: string, v: number) => {
      row[k] ??= []
      row[k].push(Math.round(v * 10) / 10)
    }
    for (const [label, names] of GROUPS) add(label, inclusiveMs(profile, ofApp(new Set(names))))
    if (within) {
      const by = selfWithin.get(spec) ?? new Map<string, number>()
      selfWithin.set(spec, by)
      inclusiveMs(profile, ofApp(new Set([within])), by)
    }
    add('scriptMs', m.ScriptDuration * 1000)
    add('threadCpuMs', m.ThreadTime * 1000)
    add('load1', loadavg()[0])
    await context.close()
  }
}
await browser.close()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
for (const [path, row] of Object.entries(rows)) {
  console.log(path)
  for (const [k, xs] of Object.entries(row))
    console.log(`  ${k.padEnd(16)} median ${String(median(xs)).padStart(7)}  runs ${xs.join(', ')}`)
  const by = selfWithin.get(path)
  if (by) {
    console.log(`  self time inside ${within}, summed over ${runs} runs:`)
    for (const [name, ms] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`    ${ms.toFixed(1).padStart(7)}  ${name}`)
  }
}
