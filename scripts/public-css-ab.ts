/**
 * A/B of what a public page's own HTML and CSS cost the browser's main thread, back to back in one
 * Chromium (decision 049): each page is loaded as served but without the app's loader (the ceiling
 * of scripts/lighthouse-ceiling.ts), alternately in two variants, and the renderer's main-thread
 * thread time is summed from a trace, per kind of work (style, layout, parsing, paint).
 *   node scripts/public-css-ab.ts [--base=http://127.0.0.1:PORT] [--runs=6] [--variant=full-css] [/ /leasing …]
 * Variants (B is compared with A, the page as served):
 *   full-css  B carries the app's whole stylesheet instead of the public one (`data-full`).
 *   style:CSS B has CSS added at the end of its <head> (to try a rule before writing it in the app).
 * `--b-base=URL` instead compares the same paths served by a second gateway (another build).
 * Needs a running gateway serving a build. Thread times move with the machine's load: compare
 * medians of interleaved runs, not single loads.
 */
import { chromium, type Page } from '@playwright/test'
import { stripApp } from './lighthouse-ceiling.ts'

const args = process.argv.slice(2)
const opt = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const base = opt('base', 'http://127.0.0.1:4318')
const bBase = opt('b-base', '')
const runs = Number(opt('runs', '6'))
const variant = opt('variant', 'full-css')
const paths = args.filter((a) => !a.startsWith('--'))
if (paths.length === 0) paths.push('/', '/stores', '/stores/fresh-basket-market', '/leasing')

const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'parse',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
}

type TraceEvent = { name: string; ph: string; dur?: number; tdur?: number; pid: number; tid: number }

async function fullCssOf(html: string, origin: string): Promise<string> {
  const href = /<style data-full="([^"]+)">/.exec(html)?.[1]
  if (!href) throw new Error('the page has no data-full stylesheet')
  const css = await (await fetch(`${origin}${href}`)).text()
  return html.replace(/<style data-full="[^"]+">[\s\S]*?<\/style>/, () => `<style>${css}</style>`)
}

/** Loads `path` with the given HTML and returns thread milliseconds per kind of work. */
async function measure(page: Page, origin: string, path: string, html: string) {
  await page.route(`${origin}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  )
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser')
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  })
  await page.goto(`${origin}${path}`, { waitUntil: 'load' })
  await page.waitForTimeout(1500)
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
  await page.unroute(`${origin}${path}`)
  // The page's renderer main thread: the one that laid the page out most.
  const layoutByThread = new Map<string, number>()
  for (const e of trace.traceEvents)
    if (e.ph === 'X' && (e.name === 'Layout' || e.name === 'UpdateLayoutTree')) {
      const key = `${e.pid}:${e.tid}`
      layoutByThread.set(key, (layoutByThread.get(key) ?? 0) + (e.dur ?? 0))
    }
  const main = [...layoutByThread].sort((a, b) => b[1] - a[1])[0]?.[0]
  const out: Record<string, number> = { style: 0, layout: 0, parse: 0, paint: 0, tasks: 0 }
  for (const e of trace.traceEvents) {
    if (e.ph !== 'X' || `${e.pid}:${e.tid}` !== main) continue
    const ms = (e.tdur ?? 0) / 1000
    if (e.name === 'RunTask') out.tasks += ms
    const kind = KINDS[e.name]
    if (kind) out[kind] += ms
  }
  return out
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 })
  const page = await context.newPage()
  for (const path of paths) {
    const served = stripApp(await (await fetch(`${base}${path}`)).text())
    const a = served
    const b = bBase
      ? stripApp(await (await fetch(`${bBase}${path}`)).text())
      : variant.startsWith('style:')
        ? served.replace('</head>', () => `<style>${variant.slice('style:'.length)}</style></head>`)
        : await fullCssOf(served, base)
    const results: Record<'A' | 'B', Record<string, number>[]> = { A: [], B: [] }
    // One load of each first, unmeasured: fonts and images in the HTTP cache for both alike.
    await measure(page, base, path, a)
    await measure(page, base, path, b)
    for (let run = 0; run < runs; run++) {
      // Interleaved, starting with each side in turn.
      for (const side of run % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const))
        results[side].push(await measure(page, base, path, side === 'A' ? a : b))
    }
    const line = (side: 'A' | 'B') =>
      Object.keys(results[side][0])
        .map((k) => `${k} ${median(results[side].map((r) => r[k])).toFixed(1)}`)
        .join(', ')
    console.log(`${path} (${runs} runs each, median thread ms; HTML ${a.length} vs ${b.length} bytes)`)
    console.log(`  A as served:        ${line('A')}`)
    console.log(`  B ${bBase ? 'other build' : variant}: ${line('B')}`)
  }
} finally {
  await browser.close()
}
