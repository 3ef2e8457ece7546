/**
 * Decision 070: when does Chromium show its overlay scrollbar, and what does each compositor frame
 * cost? Serves small static pages through Playwright's routing to the system Chromium with
 * `--hide-scrollbars` taken out of Playwright's defaults (phone emulation 412 × 823 at DPR 1.75, as
 * Lighthouse's mobile preset), records a Chrome trace with screenshots for 3.2 s per scenario and
 * prints, per scenario, the GPU process's `VizCompositorThread` CPU, its tasks over 1 ms, and the
 * screenshots in which the scrollbar's thumb is visible (the darkest of the last 4 pixel columns
 * against the column 12 px in), with the first contentful paint and the `load` event. Page changes
 * happen at 1.5 s, after the load's own fade; decision 073's scenarios change the page before or
 * during the fade instead (ms after the first contentful paint, or with the `load` event held back
 * by a slow image). `--all-shots` lists every screenshot as `ms:edge darkness`.
 *   node scripts/scrollbar-probe.ts [--no-screenshots] [--all-shots] [--rounds=1] [part of a scenario's name]
 * `thumbShots` also reads a Lighthouse trace (`--save-assets`): `--trace=FILE --path=/tenant/dashboard`.
 */
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import type { TraceEvent } from './trace-threads-report.ts'

const args = process.argv.slice(2)
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)

/** For each screenshot of a trace: ms after the navigation whose URL holds `pathHint`, and how much darker the right edge is. */
export async function thumbShots(events: TraceEvent[], pathHint: string) {
  const nav = events
    .filter((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').includes(pathHint))
    .at(-1)
  if (!nav) throw new Error('no navigationStart in the trace')
  const shots: { at: number; edgeDarker: number }[] = []
  for (const e of events) {
    if (e.name !== 'Screenshot' || !e.args?.snapshot) continue
    const { data, info } = await sharp(Buffer.from(e.args.snapshot, 'base64'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const img = { data, width: info.width, height: info.height }
    const top = Math.floor(img.height * 0.05)
    const bottom = Math.floor(img.height * 0.95)
    const column = (x: number) => {
      let sum = 0
      for (let y = top; y < bottom; y++) {
        const i = (y * img.width + x) * 4
        sum += (img.data[i] + img.data[i + 1] + img.data[i + 2]) / 3
      }
      return sum / (bottom - top)
    }
    let edge = 255
    for (let x = img.width - 4; x < img.width; x++) edge = Math.min(edge, column(x))
    shots.push({
      at: Math.round((e.ts - nav.ts) / 1000),
      edgeDarker: Math.round(column(img.width - 13) - edge),
    })
  }
  return shots
}

const VISIBLE = 8

const traceFile = option('trace')
if (traceFile) {
  const json = JSON.parse(readFileSync(traceFile, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] }
  const events = Array.isArray(json) ? json : json.traceEvents
  for (const s of await thumbShots(events, option('path') ?? ''))
    console.log(String(s.at).padStart(6), s.edgeDarker)
  process.exit(0)
}

const page = (css: string, body: string, script = '') =>
  `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><style>body{margin:0;font:16px sans-serif}.b{height:400px;margin:8px 0;background:#ddd}${css}</style></head><body>${body}<script>${script}</script></body></html>`
const tall = Array.from({ length: 8 }, (_, i) => `<div class="b">block ${i}</div>`).join('')
const short = '<div class="b"></div>'
const later = (code: string) => `setTimeout(()=>{${code}},1500)`
/** An image the routing answers after `ms`: it holds the document's `load` event that long. */
const held = (ms: number) => `<img src="/slow.gif?ms=${ms}" width=1 height=1 alt="">`
const grow = `r.innerHTML=${JSON.stringify(tall)}`
/** Runs `code` `ms` after the first contentful paint (the document's first committed frame). */
const afterFcp = (ms: number, code: string) =>
  `new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(()=>{${code}},${ms})}}).observe({type:'paint',buffered:true})`
const header = 'header{position:sticky;top:0;z-index:40;height:64px;background:rgba(255,255,255,.85)}'
const scenarios: Record<string, string> = {
  'tall, nothing after': page('', tall),
  'short (not scrollable)': page('', short),
  'tall, grows by 800 px': page(
    '',
    `<div id=r>${tall}</div>`,
    later(`r.insertAdjacentHTML('beforeend','<div class=b></div><div class=b></div>')`),
  ),
  'tall, shrinks by 800 px': page(
    '',
    `<div id=r>${tall}</div>`,
    later('r.lastElementChild.remove();r.lastElementChild.remove()'),
  ),
  'tall, same-height swap': page(
    '',
    `<div id=r>${tall}</div>`,
    later(`r.firstElementChild.style.background='#aaa'`),
  ),
  'tall, ten height changes': page(
    '',
    `<div id=r>${tall}</div>`,
    `let n=0;setTimeout(function f(){r.insertAdjacentHTML('beforeend','<div class=b style=height:50px></div>');if(++n<10)setTimeout(f,100)},1500)`,
  ),
  'short, tall from 1.5 s': page(
    '',
    `<div id=r>${short}</div>`,
    later(`r.innerHTML=${JSON.stringify(tall)}`),
  ),
  'tall, scrollTo(0, 100)': page('', tall, later('scrollTo(0,100)')),
  'tall, scrollTo(0, 0)': page('', tall, later('scrollTo(0,0)')),
  'tall, focus() of an input': page('', `<input id=i>${tall}`, later('i.focus()')),
  // Which moment decides the one show (decision 073): the first paint, the load event, or later.
  'tall, load held to 2 s': page('', `${tall}${held(2000)}`),
  'short, load held to 2 s': page('', `<div id=r>${short}</div>${held(2000)}`),
  'short, tall at 150 ms, load held to 2 s': page(
    '',
    `<div id=r>${short}</div>${held(2000)}`,
    `setTimeout(()=>{${grow}},150)`,
  ),
  'short, tall at 600 ms, load held to 2 s': page(
    '',
    `<div id=r>${short}</div>${held(2000)}`,
    `setTimeout(()=>{${grow}},600)`,
  ),
  'short, tall at load (held to 2 s)': page(
    '',
    `<div id=r>${short}</div>${held(2000)}`,
    `addEventListener('load',()=>{${grow}})`,
  ),
  'short, tall 100 ms after load (held)': page(
    '',
    `<div id=r>${short}</div>${held(2000)}`,
    `addEventListener('load',()=>setTimeout(()=>{${grow}},100))`,
  ),
  'tall, short from 150 ms, load held': page(
    '',
    `<div id=r>${tall}</div>${held(2000)}`,
    `setTimeout(()=>{r.innerHTML=${JSON.stringify(short)}},150)`,
  ),
  'short, tall 100 ms after FCP': page('', `<div id=r>${short}</div><p>text</p>`, afterFcp(100, grow)),
  'tall, short from FCP+100 to FCP+1000 ms': page(
    '',
    `<div id=r>${tall}</div>`,
    afterFcp(
      100,
      `r.dataset.was=r.innerHTML;r.innerHTML=${JSON.stringify(short)};setTimeout(()=>{r.innerHTML=r.dataset.was},900)`,
    ),
  ),
  'tall, short from FCP+450 ms': page(
    '',
    `<div id=r>${tall}</div>`,
    afterFcp(450, `r.innerHTML=${JSON.stringify(short)}`),
  ),
  'short, tall at 150 ms': page('', `<div id=r>${short}</div>`, `setTimeout(()=>{${grow}},150)`),
  'header: sticky': page(header, `<header>Genesis</header>${tall}`),
  'header: sticky, backdrop blur': page(
    `${header}header{backdrop-filter:blur(8px)}`,
    `<header>Genesis</header>${tall}`,
  ),
  'header: sticky, blur only while stuck': page(
    `${header}header{container-type:scroll-state}header>div{height:64px}@container scroll-state(stuck: top){header>div{backdrop-filter:blur(8px)}}`,
    `<header><div>Genesis</div></header>${tall}`,
  ),
}

/** A 1 × 1 transparent GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const only = args.find((a) => !a.startsWith('--'))
const screenshots = !args.includes('--no-screenshots')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  ignoreDefaultArgs: ['--hide-scrollbars'],
  args: ['--no-sandbox', '--disable-gpu'],
})
for (let round = 0; round < Number(option('rounds') ?? 1); round++) {
  for (const [name, html] of Object.entries(scenarios)) {
    if (only && !name.includes(only)) continue
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1.75,
    })
    const tab = await context.newPage()
    await tab.route('http://probe.test/**', async (r) => {
      const url = new URL(r.request().url())
      if (url.pathname !== '/slow.gif') return r.fulfill({ contentType: 'text/html', body: html })
      await new Promise((done) => setTimeout(done, Number(url.searchParams.get('ms'))))
      return r.fulfill({ contentType: 'image/gif', body: GIF })
    })
    await browser.startTracing(tab, {
      screenshots,
      categories: [
        'toplevel',
        'viz',
        'blink',
        'loading',
        'blink.user_timing',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        '__metadata',
      ],
    })
    const started = Date.now()
    await tab.goto('http://probe.test/')
    await tab.waitForTimeout(Math.max(0, 3200 - (Date.now() - started)))
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents
    const threads = new Map<string, string>()
    for (const e of events)
      if (e.name === 'thread_name' && e.args?.name) threads.set(`${e.pid}:${e.tid}`, e.args.name)
    const viz = events.filter(
      (e) =>
        e.name === 'RunTask' && e.ph === 'X' && threads.get(`${e.pid}:${e.tid}`) === 'VizCompositorThread',
    )
    const over1 = viz
      .map((e) => (e.tdur ?? e.dur ?? 0) / 1000)
      .filter((ms) => ms > 1)
      .sort((a, b) => a - b)
    const cpu = viz.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000
    const thumb = screenshots
      ? (await thumbShots(events, 'probe.test'))
          .filter((s) => args.includes('--all-shots') || s.edgeDarker > VISIBLE)
          .map((s) => (args.includes('--all-shots') ? `${s.at}:${s.edgeDarker}` : s.at))
      : []
    const nav = events
      .filter(
        (e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').includes('probe.test'),
      )
      .at(-1)
    const at = (eventName: string) => {
      const e = events.find((x) => x.name === eventName && nav && x.ts >= nav.ts)
      return e && nav ? Math.round((e.ts - nav.ts) / 1000) : undefined
    }
    console.log(
      `${name.padEnd(40)} FCP ${at('firstContentfulPaint')} ms, load ${at('loadEventStart')} ms;`,
      `viz CPU ${cpu.toFixed(0).padStart(4)} ms, tasks > 1 ms ${String(over1.length).padStart(3)} (median ${(over1[Math.floor(over1.length / 2)] ?? 0).toFixed(1)} ms)${screenshots ? `; thumb visible at [${thumb.join(' ')}] ms` : ''}`,
    )
    await context.close()
  }
}
await browser.close()
