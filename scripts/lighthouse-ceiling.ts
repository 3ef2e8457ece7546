/**
 * The ceiling of /tenant/dashboard's Lighthouse performance score: what a perfect start-up would
 * reach. A small proxy in front of a running gateway serves the dashboard's HTML as the gateway
 * serves it, except that from the second request on (the first is the returning tenant's earlier
 * visit, which must run the app to store `tenant_data`) the app's loader is taken out: the page
 * keeps its served first paint (the frame, the heading filled from the remembered summary by its
 * inline script, every card in its loading state) and no app code runs. Lighthouse (mobile preset)
 * then audits the real page and the stripped one alternately, each in a returning tenant's browser.
 *
 * With `--drawn` the stripped page is instead the dashboard as the app has drawn it with the
 * tenant's data (its DOM saved once the overview's cards have loaded, in a phone-sized Playwright
 * page), every script taken out: the ceiling of a page the gateway would render with its data.
 *
 *   node scripts/lighthouse-ceiling.ts --base=http://127.0.0.1:PORT [--runs=1] [--out=prefix]
 *     [--drawn] [--stripped-only]
 * (a gateway started with `npm start`, SEED_DEMO=true). Reports and traces go to prefix-*.
 *
 * With `--paths=/,/stores,/stores/SLUG,/leasing` it measures public pages instead, a visitor's
 * first visit (Lighthouse starts its own browser, nothing before): every request of each page is
 * served stripped. `--stripped-only` skips the real page's audit.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { AUTH_STORAGE_KEY, TENANT_DATA_KEY } from '../apps/web/src/lib/session/auth-storage.ts'
import { anonKeyOf, signIn, startSignedInBrowser } from './lighthouse-browser.ts'
import { LAB_FLAGS } from './lighthouse-report.ts'

const args = process.argv.slice(2)
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const BASE = option('base') ?? 'http://127.0.0.1:4415'
const RUNS = Number(option('runs') ?? 1)
const OUT = option('out') ?? '.data/lighthouse/ceiling'
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  ...LAB_FLAGS,
]
const DEMO_TENANT = { email: 'tenant.a@genesis-centre.test', password: 'Tenant-A-demo-2024!' }
const PUBLIC_PATHS = option('paths')?.split(',').filter(Boolean) ?? []
const PATH = '/tenant/dashboard'
const root = fileURLToPath(new URL('..', import.meta.url))
const HOP = ['host', 'accept-encoding', 'connection', 'keep-alive', 'upgrade', 'transfer-encoding', 'te']

/** The served page without the app's loader (the one module script) and without modulepreloads. */
export function stripApp(html: string): string {
  return html
    .replace(/<script type="module">[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
}

/** Every script (module, inline, JSON) and every modulepreload out of a saved document. */
export function stripAllScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
}

/**
 * The dashboard as the app draws it with the demo tenant's data: opened signed in on a phone-sized
 * page, saved once the heading and the overview's cards are no longer busy and the network is idle.
 */
async function drawnDashboard(session: unknown): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
    await page.goto(`${BASE}/robots.txt`)
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [AUTH_STORAGE_KEY, JSON.stringify(session)])
    await page.goto(`${BASE}${PATH}`, { waitUntil: 'networkidle' })
    const settled = await page
      .waitForFunction(() => !document.querySelector('main [aria-busy="true"]'), undefined, {
        timeout: 20_000,
      })
      .then(() => true)
      .catch(() => false)
    if (!settled) console.log('note: a part of the dashboard was still busy when it was saved')
    await page.waitForTimeout(1000)
    return `<!doctype html>\n${stripAllScripts(await page.evaluate(() => document.documentElement.outerHTML))}`
  } finally {
    await browser.close()
  }
}

let drawnHtml: string | undefined

/**
 * Runs Lighthouse's CLI (mobile preset, performance only, trace saved) on `url`, writes its report
 * to `output` and prints the score and the metrics that make it, with the machine's load.
 */
async function runLighthouse(url: string, output: string, label: string, extraArgs: string[]) {
  const load = loadavg().map((l) => l.toFixed(2))
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        `${root}node_modules/lighthouse/cli/index.js`,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--save-assets',
        '--only-categories=performance',
        ...extraArgs,
      ],
      { stdio: 'inherit', env: { ...process.env, CHROME_PATH } },
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exit ${code}`))))
  })
  const lhr = JSON.parse(readFileSync(output, 'utf8'))
  const v = (id: string) => Math.round(lhr.audits[id].numericValue)
  console.log(
    `${label} (load ${load.join(' ')}): performance ${Math.round(lhr.categories.performance.score * 100)}, FCP ${v('first-contentful-paint')} ms, LCP ${v('largest-contentful-paint')} ms, TBT ${v('total-blocking-time')} ms, SI ${v('speed-index')} ms, CLS ${lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)}; ${output}`,
  )
}

/** A proxy to the gateway; `strip()` decides per request of the page whether the loader goes. */
function proxy(strip: () => boolean, page = PATH) {
  const server = createServer(async (req, res) => {
    const upstream = await fetch(`${BASE}${req.url}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && !HOP.includes(e[0]),
        ),
      ),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (req as unknown as BodyInit),
      duplex: 'half',
    } as RequestInit)
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([k]) => !['content-length', 'content-encoding'].includes(k)),
    )
    let body = Buffer.from(await upstream.arrayBuffer())
    if (req.url?.split('?')[0] === page && strip())
      body = Buffer.from(page === PATH && drawnHtml ? drawnHtml : stripApp(body.toString('utf8')))
    res.writeHead(upstream.status, headers)
    res.end(body)
  })
  return new Promise<{ origin: string; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => server.close() })
    })
  })
}

async function audit(stripped: boolean, run: number) {
  let pageRequests = 0
  // The real page is audited on the gateway itself (its realtime socket included); the proxy
  // (no WebSocket upgrades) serves only the stripped page and the visit before it.
  const p = stripped ? await proxy(() => pageRequests++ > 0) : { origin: BASE, close: () => undefined }
  const browser = await startSignedInBrowser({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    origin: p.origin,
    session: await signIn(BASE, await anonKeyOf(BASE), DEMO_TENANT),
    visitBefore: { path: PATH, storedKey: TENANT_DATA_KEY },
  })
  const output = `${OUT}-${stripped ? 'stripped' : 'app'}-${run}.json`
  try {
    await runLighthouse(`${p.origin}${PATH}`, output, `${stripped ? 'stripped' : 'app     '} run ${run}`, [
      `--port=${browser.port}`,
      '--disable-storage-reset',
    ])
  } finally {
    browser.stop()
    p.close()
  }
}

/** A public page as a first-time visitor's browser loads it, real or stripped (`--paths`). */
async function auditPublic(page: string, stripped: boolean, run: number) {
  const p = stripped ? await proxy(() => true, page) : { origin: BASE, close: () => undefined }
  const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-')
  const output = `${OUT}-${name}-${stripped ? 'stripped' : 'app'}-${run}.json`
  try {
    await runLighthouse(
      `${p.origin}${page}`,
      output,
      `${page} ${stripped ? 'stripped' : 'app     '} run ${run}`,
      [`--chrome-flags=${CHROME_FLAGS.join(' ')}`],
    )
  } finally {
    p.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && PUBLIC_PATHS.length > 0) {
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PUBLIC_PATHS) {
      // Under load Lighthouse sometimes loses the trace (NO_NAVSTART): one more try.
      const retry = (stripped: boolean) =>
        auditPublic(page, stripped, run).catch((error) => {
          console.log(`${page} run ${run}: ${error.message}, once more`)
          return auditPublic(page, stripped, run)
        })
      if (!args.includes('--stripped-only')) await retry(false)
      await retry(true)
    }
  }
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (args.includes('--drawn')) {
    drawnHtml = await drawnDashboard(await signIn(BASE, await anonKeyOf(BASE), DEMO_TENANT))
    console.log(`drawn dashboard saved: ${drawnHtml.length} characters, no scripts`)
  }
  for (let run = 1; run <= RUNS; run++) {
    if (!args.includes('--stripped-only')) await audit(false, run)
    await audit(true, run)
  }
}
