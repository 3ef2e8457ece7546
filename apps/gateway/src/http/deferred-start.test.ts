import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_LOADER, appCodeOf, deferAppStart, PRELOADS_PER_TASK } from './deferred-start.ts'
import { staticSite } from './static-site.ts'

/** The head the web build writes (Vite's entry and preloads, the inline stylesheet, the font). */
const BUILT = `<!doctype html>
<html lang="en-ZA">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="modulepreload" crossorigin href="/assets/hooks-abc.js">
    <style>body{margin:0}</style>
    <link rel="preload" href="/assets/inter-latin-abc.woff2" as="font" type="font/woff2" crossorigin="">
  <link rel="modulepreload" crossorigin href="/assets/home-abc.js"></head>
  <body><div id="root"><!--page--><h1>Welcome</h1><!--/page--></div></body>
</html>`

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('starting the app after the first frame', () => {
  it('takes every module script and module preload out of the document and names them to the loader', () => {
    const html = deferAppStart(BUILT)
    // Nothing in the served document makes the browser fetch app code while it parses.
    expect(html).not.toMatch(/<script[^>]*\bsrc=/)
    expect(html).not.toMatch(/<link[^>]*modulepreload/)
    expect(appCodeOf(html)).toEqual({
      entry: ['/assets/index-abc.js'],
      // Vite's preloads and the page's own (added by the prerender step), in document order.
      preload: ['/assets/react-abc.js', '/assets/hooks-abc.js', '/assets/home-abc.js'],
    })
    expect(html).toContain(`<script type="module">${APP_LOADER}</script></head>`)
    // The stylesheet, the font preload and the page are untouched; the data block precedes the loader.
    expect(html).toContain('<style>body{margin:0}</style>')
    expect(html).toContain('<link rel="preload" href="/assets/inter-latin-abc.woff2" as="font"')
    expect(html).toContain('<!--page--><h1>Welcome</h1><!--/page-->')
    expect(html.indexOf('id="app-code"')).toBeLessThan(html.indexOf(APP_LOADER))
  })

  it('leaves a document without an entry module as it is, and is idempotent', () => {
    const plain = '<!doctype html><html><head><title>x</title></head><body></body></html>'
    expect(deferAppStart(plain)).toBe(plain)
    const once = deferAppStart(BUILT)
    expect(deferAppStart(once)).toBe(once)
  })

  it('escapes < in the data block so a file name cannot close it', () => {
    const html = deferAppStart('<head><script type="module" src="/a</script>.js"></script></head>')
    expect(html).toContain('\\u003c/script>')
  })

  /** Runs the loader against a minimal document and reports what it added, and when. */
  function runLoader(visibilityState: 'visible' | 'hidden', paintTiming: boolean, built = BUILT) {
    const added: { tag: string; props: Record<string, unknown> }[] = []
    const frames: (() => void)[] = []
    const timers: (() => void)[] = []
    const observers: {
      callback: (list: unknown, observer: unknown) => void
      options?: unknown
      disconnected: boolean
    }[] = []
    const code = appCodeOf(deferAppStart(built))
    const document = {
      visibilityState,
      getElementById: (id: string) => (id === 'app-code' ? { textContent: JSON.stringify(code) } : null),
      createElement: (tag: string) => ({ tag }),
      head: {
        append: (el: { tag: string } & Record<string, unknown>) => {
          const { tag, ...props } = el
          added.push({ tag, props })
        },
      },
    }
    class PerformanceObserver {
      static supportedEntryTypes = paintTiming ? ['layout-shift', 'paint'] : ['layout-shift']
      record: (typeof observers)[number]
      constructor(callback: (list: unknown, observer: unknown) => void) {
        this.record = { callback, disconnected: false }
        observers.push(this.record)
      }
      observe(options: unknown) {
        this.record.options = options
      }
      disconnect() {
        this.record.disconnected = true
      }
    }
    const globals = {
      document,
      PerformanceObserver,
      requestAnimationFrame: (f: () => void) => frames.push(f),
      setTimeout: (f: () => void) => timers.push(f),
    }
    runInNewContext(APP_LOADER, { ...globals, globalThis: globals })
    /** The browser reports the first paint (the frame is on screen). */
    const paint = () => {
      const [observer] = observers
      observer.callback(
        { getEntries: () => [{ name: 'first-paint' }] },
        {
          disconnect: () => {
            observer.disconnected = true
          },
        },
      )
    }
    return { added, frames, timers, observers, paint }
  }

  const everything = [
    { tag: 'script', props: { type: 'module', src: '/assets/index-abc.js', crossOrigin: 'anonymous' } },
    ...['/assets/react-abc.js', '/assets/hooks-abc.js', '/assets/home-abc.js'].map((href) => ({
      tag: 'link',
      props: { rel: 'modulepreload', href, crossOrigin: 'anonymous' },
    })),
  ]

  it('asks for the entry and the preloads only once the first paint is reported', () => {
    const { added, frames, timers, observers, paint } = runLoader('visible', true)
    expect(added).toEqual([])
    expect(frames).toEqual([])
    // Buffered: a paint that happened before the loader ran (the browser may paint while parsing) counts.
    expect(observers.map((o) => o.options)).toEqual([{ type: 'paint', buffered: true }])
    paint()
    expect(observers[0].disconnected).toBe(true)
    // The report's own task ends first: still nothing (timers[0] is the 3-second safety net).
    expect(added).toEqual([])
    expect(timers).toHaveLength(2)
    timers[1]()
    expect(added).toEqual(everything)
    // The safety net firing afterwards adds nothing a second time.
    timers[0]()
    expect(added).toEqual(everything)
  })

  it("adds a page's many preloads a few per task, the entry first", () => {
    const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`)
    const built = BUILT.replace(
      '</head>',
      `${hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('')}</head>`,
    )
    const { added, timers, paint } = runLoader('visible', true, built)
    paint()
    timers[1]()
    // The first task: the entry, then the first group of preloads in document order.
    expect(added[0]).toEqual(everything[0])
    expect(added).toHaveLength(1 + PRELOADS_PER_TASK)
    const all = ['/assets/react-abc.js', '/assets/hooks-abc.js', '/assets/home-abc.js', ...hrefs]
    // Each later task (a timer the previous one set) adds the next group, until every one is asked for.
    let ran = 2
    while (ran < timers.length) {
      const before = added.length
      timers[ran++]()
      expect(added.length - before).toBeLessThanOrEqual(PRELOADS_PER_TASK)
      expect(added.length - before).toBeGreaterThan(0)
    }
    expect(added.slice(1).map((a) => a.props.href)).toEqual(all)
    expect(added.filter((a) => a.tag === 'script')).toHaveLength(1)
  })

  it('starts anyway when no paint is reported in time, and only once', () => {
    const { added, timers, paint } = runLoader('visible', true)
    expect(timers).toHaveLength(1)
    timers[0]()
    expect(added).toEqual(everything)
    paint()
    timers[1]()
    expect(added).toEqual(everything)
  })

  it('without Paint Timing, asks for them after the next frame', () => {
    const { added, frames, timers, observers } = runLoader('visible', false)
    expect(observers).toEqual([])
    expect(added).toEqual([])
    expect(frames).toHaveLength(1)
    frames[0]()
    // Inside the frame callback the frame is not drawn yet: still nothing.
    expect(added).toEqual([])
    expect(timers).toHaveLength(1)
    timers[0]()
    expect(added).toEqual(everything)
  })

  it('starts at once in a page that draws no frames (a background tab)', () => {
    const { added, frames, observers } = runLoader('hidden', true)
    expect(frames).toEqual([])
    expect(observers).toEqual([])
    expect(added).toEqual(everything)
  })
})

describe('every document the gateway serves from the build', () => {
  let dist: string
  const app = new Hono()
  beforeAll(() => {
    dist = `${mkdtempSync(join(tmpdir(), 'genesis-dist-'))}/`
    mkdirSync(join(dist, 'pages'))
    writeFileSync(join(dist, 'index.html'), BUILT.replace('<h1>Welcome</h1>', 'app shell'))
    writeFileSync(join(dist, 'pages', 'home.html'), BUILT)
    writeFileSync(join(dist, 'prerendered.json'), JSON.stringify({ '/': 'pages/home.html' }))
    app.get('*', staticSite(dist, { anonKey: 'anon-key' }))
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it.each([
    ['/', 'Welcome'],
    ['/tenant/dashboard', 'app shell'],
    ['/admin', 'app shell'],
    ['/no-such-page', 'app shell'],
  ])('%s starts the app through the loader, which its CSP allows by hash', async (path, text) => {
    const res = await app.request(path)
    const html = await res.text()
    expect(html).toContain(text)
    expect(html).not.toMatch(/<script[^>]*\bsrc=/)
    expect(appCodeOf(html)?.entry).toEqual(['/assets/index-abc.js'])
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
    expect(scriptSrc?.split(' ')).toContain(sha256(APP_LOADER))
    expect(scriptSrc).not.toContain('unsafe-inline')
  })
})
