import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { TENANT_DATA_KEY } from '../apps/web/src/lib/session/auth-storage.ts'
import { anonKeyOf, type SignedInBrowser, signIn, startSignedInBrowser } from './lighthouse-browser.ts'
import {
  assetPathsOf,
  calibratedCpuMultiplier,
  formatTable,
  isPortalPath,
  LAB_FLAGS,
  medianRun,
  meetsTargets,
  type PageResult,
  storeSlug,
  summarise,
} from './lighthouse-report.ts'

/**
 * `npm run lighthouse`: builds the web app, starts `npm start` on a fresh data folder and a
 * free loopback port, runs Lighthouse (mobile preset, Debian's Chromium) on `/`, `/stores`, a
 * store page, `/leasing` and the tenant dashboard, prints the four scores against the budgets (issue 5 for
 * public pages; issue 12 for the dashboard: accessibility 100, performance ≥ 90) and, for any score
 * under its target, the audits that cost the points. Reports go to .data/lighthouse/. Exits 1
 * when a target is missed.
 *
 * `/tenant/*` pages are audited signed in as the demo tenant (README: Demo accounts): the session
 * comes from the auth API and is stored in the browser before Lighthouse opens the page
 * (scripts/lighthouse-browser.ts). A page that ends anywhere else (its login) fails.
 *
 * Options: --paths=/,/stores,/stores/x,/leasing,/tenant/dashboard (pages to audit), --runs=3 (audit each
 * page that many times and judge the run with the median performance score), --no-build (use the
 * existing apps/web/dist), --keep (keep the data folder), --calibrate (also audit each page with
 * the CPU slowdown fitted to this host's measured speed; the budgets are judged on the default run),
 * --save-assets (keep each run's trace and DevTools log beside its report, for reading every thread's
 * work: the renderer's main thread, the GPU process's compositor, the browser process),
 * --scrollbars (keep Chromium's overlay scrollbars; see LAB_FLAGS).
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
// The flags proven on this kind of machine (docs/style.md and the README: the system Chromium).
const CHROME_FLAG_LIST = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(args.includes('--scrollbars') ? [] : LAB_FLAGS),
]
const CHROME_FLAGS = CHROME_FLAG_LIST.join(' ')
/** The demo tenant whose dashboard is audited (supabase/seed.sql, README: Demo accounts). */
const DEMO_TENANT = { email: 'tenant.a@genesis-centre.test', password: 'Tenant-A-demo-2024!' }
const SAVE_ASSETS = args.includes('--save-assets')
const RUNS = Number(option('runs') ?? 1)
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) {
  console.error('--runs must be a whole number from 1 to 9')
  process.exit(2)
}

function run(cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${base}/health`)
      if (res.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`the gateway did not answer ${base}/health within ${timeoutMs / 1000} s`)
}

/** The first store by shop number (as the directory reads them), through the public REST API. */
async function firstStorePath(base: string): Promise<string> {
  const fallback = '/stores/fresh-basket-market'
  try {
    const html = await (await fetch(`${base}/`)).text()
    const config = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1]
    const anonKey: unknown = config ? JSON.parse(config).anonKey : undefined
    if (typeof anonKey !== 'string') return fallback
    const res = await fetch(`${base}/rest/v1/shops?select=trading_name&order=shop_no.asc&limit=1`, {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
    })
    if (!res.ok) return fallback
    const rows: unknown = await res.json()
    const name = Array.isArray(rows) ? rows[0]?.trading_name : undefined
    return typeof name === 'string' ? `/stores/${storeSlug(name)}` : fallback
  } catch {
    return fallback
  }
}

async function main(): Promise<number> {
  // Always build unless told not to: a stale dist/ would measure yesterday's app.
  if (!args.includes('--no-build') || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.log('Building the web app (npm run build)…')
    if ((await run('npm', ['run', 'build'])) !== 0) throw new Error('npm run build failed')
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'genesis-lighthouse-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const reportDir = join(root, '.data/lighthouse')
  mkdirSync(reportDir, { recursive: true })

  console.log(`Starting npm start on ${base} with a fresh data folder…`)
  const server = spawn('npm', ['start'], {
    cwd: root,
    detached: true, // its own process group, so stopping it stops node under npm too
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_URL: base,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const stop = () => {
    if (server.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }
  process.once('SIGINT', () => {
    stop()
    process.exit(130)
  })

  try {
    await waitForHealth(base, server)
    const paths = option('paths')?.split(',') ?? [
      '/',
      '/stores',
      await firstStorePath(base),
      '/leasing',
      '/tenant/dashboard',
    ]
    const adminPath = paths.find((p) => p.startsWith('/admin/'))
    if (adminPath)
      throw new Error(`${adminPath}: admin pages need a second factor; only /tenant/* is signed in`)
    const results: PageResult[] = []
    const calibrated: PageResult[] = []
    const audit = async (path: string, suffix: string, extra: string[]) => {
      const name = path === '/' ? 'home' : path.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-')
      const output = join(reportDir, `${name}${suffix}.report.json`)
      // A portal page: a browser of our own with the demo tenant's session, which Lighthouse must
      // not wipe before it loads the page.
      let browser: SignedInBrowser | undefined
      if (isPortalPath(path)) {
        browser = await startSignedInBrowser({
          chromePath: CHROME_PATH,
          chromeFlags: CHROME_FLAG_LIST,
          origin: base,
          session: await signIn(base, await anonKeyOf(base), DEMO_TENANT),
          // Someone opening the dashboard by its address has been there before (the first visit
          // comes from the login form, inside the app): audit that returning visit.
          visitBefore: path === '/tenant/dashboard' ? { path, storedKey: TENANT_DATA_KEY } : undefined,
        })
      }
      try {
        const code = await run(
          process.execPath,
          [
            join(root, 'node_modules/lighthouse/cli/index.js'),
            `${base}${path}`,
            '--quiet',
            '--output=json',
            `--output-path=${output}`,
            '--only-categories=performance,accessibility,best-practices,seo',
            ...(SAVE_ASSETS ? ['--save-assets'] : []),
            ...(browser
              ? [`--port=${browser.port}`, '--disable-storage-reset']
              : [`--chrome-flags=${CHROME_FLAGS}`]),
            ...extra,
          ],
          { ...process.env, CHROME_PATH },
        )
        if (code !== 0 || !existsSync(output)) throw new Error(`lighthouse failed on ${path} (exit ${code})`)
        if (SAVE_ASSETS) {
          const { trace } = assetPathsOf(output)
          if (!existsSync(trace)) throw new Error(`lighthouse wrote no trace for ${path} (${trace})`)
          console.log(`  trace: ${relative(root, trace)}`)
        }
        return summarise(path, JSON.parse(readFileSync(output, 'utf8')))
      } finally {
        browser?.stop()
      }
    }
    for (const path of paths) {
      const runs: PageResult[] = []
      for (let i = 1; i <= RUNS; i++) {
        console.log(`Lighthouse (mobile) ${path}${RUNS > 1 ? ` run ${i} of ${RUNS}` : ''}…`)
        const suffix = RUNS > 1 ? `.run${i}` : ''
        // Lighthouse now and then fails to record a load's trace (its NO_NAVSTART error, more often
        // on a busy machine): that run is audited once more, from a fresh browser, before giving up.
        runs.push(
          await audit(path, suffix, []).catch((error: Error) => {
            console.log(`  ${error.message}: auditing this run once more`)
            return audit(path, suffix, [])
          }),
        )
      }
      if (RUNS > 1) {
        console.log(
          `  ${path}: performance ${runs.map((r) => r.scores.performance ?? 'n/a').join(', ')}; accessibility ${runs.map((r) => r.scores.accessibility ?? 'n/a').join(', ')} (the median run is judged)`,
        )
      }
      const result = medianRun(runs)
      results.push(result)
      if (args.includes('--calibrate') && result.benchmarkIndex) {
        const multiplier = calibratedCpuMultiplier(result.benchmarkIndex)
        console.log(
          `  again with CPU slowdown ×${multiplier} for this host (benchmarkIndex ${result.benchmarkIndex})…`,
        )
        calibrated.push(
          await audit(path, '.calibrated', [`--throttling.cpuSlowdownMultiplier=${multiplier}`]),
        )
      }
    }

    console.log(
      `\nMobile preset (Lighthouse defaults: slow 4G, CPU slowdown ×4; ${args.includes('--scrollbars') ? 'overlay scrollbars shown' : 'scrollbars hidden as in Puppeteer and Playwright'})${RUNS > 1 ? `, median of ${RUNS} runs by performance` : ''}\n${formatTable(results)}\n`,
    )
    console.log(
      `benchmarkIndex of this host per run: ${results.map((r) => r.benchmarkIndex ?? '?').join(', ')}`,
    )
    if (calibrated.length > 0) {
      console.log(
        `\nSame, CPU slowdown calibrated to this host (see --calibrate)\n${formatTable(calibrated)}\n`,
      )
    }
    for (const r of results) {
      if (r.error) console.log(`${r.path}: Lighthouse runtime error: ${r.error}`)
      if (r.redirectedTo) console.log(`${r.path}: the audit ended on ${r.redirectedTo}, not on the page`)
      for (const [category, audits] of Object.entries(r.shortfalls)) {
        console.log(`${r.path} ${category}: what costs points`)
        for (const a of audits.slice(0, 8)) {
          console.log(
            `  - ${a.title} (${a.id}, score ${Math.round(a.score * 100)}${a.displayValue ? `, ${a.displayValue}` : ''})`,
          )
        }
      }
    }
    console.log(
      `Reports: .data/lighthouse/*.report.json${SAVE_ASSETS ? ', traces: *.report-0.trace.json' : ''}`,
    )
    return meetsTargets(results) ? 0 : 1
  } finally {
    stop()
    if (!args.includes('--keep')) rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  },
)
