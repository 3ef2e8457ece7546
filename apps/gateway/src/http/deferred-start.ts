/**
 * Starts the web app after the browser has presented the page's first frame (decision 039).
 *
 * The build writes the app's entry as `<script type="module" src>` plus `<link rel="modulepreload">`
 * for every chunk it needs into each document's head. A browser fetches those at once, and a
 * module script that has arrived by the end of parsing runs before the first frame: the server-
 * rendered page, already in the HTML, waited for the whole app's code to load and evaluate, and
 * Lighthouse's simulated phone counted every one of those requests in its first and largest
 * contentful paints. Here the served document names its code in a data block instead
 * (`<script id="app-code" type="application/json">`), and a tiny inline loader (`APP_LOADER`,
 * allowed by its hash in the page's CSP) adds the same preloads and the same entry once the first
 * frame is out. The app loads the same code as before, one frame later.
 */

/** What a document of the build asks the browser to load for the app: entry modules and preloads. */
export interface AppCode {
  entry: string[]
  preload: string[]
}

/**
 * How many module preloads the loader adds in one task. Each one is a request the page's main
 * thread starts itself (about half a millisecond of its time on a fast machine, several times that on
 * a phone): a page names 20 to 40 of them, and added at once they made one of the longest tasks of
 * the page's start (decision 044). In groups of four, one task after another, every request still
 * leaves within a few milliseconds, after the entry's own.
 */
export const PRELOADS_PER_TASK = 4

/**
 * The loader, as it is written into every served document (its text is what the CSP hash covers).
 * An inline module script runs once the document is parsed (like the entry it replaces), so the
 * app still finds the whole page and its data blocks. It waits for the browser's report of the
 * first paint (Paint Timing, which Chrome delivers once the frame is presented), then adds the
 * entry in the next task, with the first preloads, and the other preloads a few per task after it
 * (`PRELOADS_PER_TASK`). A browser without Paint Timing starts after the next
 * frame instead (`requestAnimationFrame` runs just before it is drawn, the timeout right after).
 * A page opened in the background (or prerendered) paints nothing until it is shown: it starts at
 * once, as before. Should no paint be reported within 3 s (a browser that never presents a frame
 * it judges empty), the app starts anyway; it starts once whichever comes first.
 */
export const APP_LOADER = [
  'const code=JSON.parse(document.getElementById("app-code").textContent);',
  'const add=(tag,props)=>{const el=Object.assign(document.createElement(tag),props);',
  'el.crossOrigin="anonymous";document.head.append(el)};',
  'let started=false;',
  'const start=()=>{if(started)return;started=true;for(const src of code.entry)add("script",{type:"module",src});',
  `const rest=code.preload.slice();const next=()=>{for(const href of rest.splice(0,${PRELOADS_PER_TASK}))add("link",{rel:"modulepreload",href});`,
  'if(rest.length)setTimeout(next)};next()};',
  'if(document.visibilityState!=="visible")start();',
  'else if(globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint"))',
  '{new PerformanceObserver((_,seen)=>{seen.disconnect();setTimeout(start)}).observe({type:"paint",buffered:true});',
  'setTimeout(start,3000)}',
  'else requestAnimationFrame(()=>setTimeout(start));',
].join('')

const ENTRY = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g
const PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>\s*/g

/**
 * The document with its entry scripts and module preloads moved into the data block and the
 * loader. Only the head is changed; a document without an entry module (nothing of the app to
 * start) is returned as it is.
 */
export function deferAppStart(html: string): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd < 0) return html
  let head = html.slice(0, headEnd)
  const code: AppCode = { entry: [], preload: [] }
  head = head.replace(ENTRY, (_tag, src: string) => {
    code.entry.push(src)
    return ''
  })
  if (code.entry.length === 0) return html
  head = head.replace(PRELOAD, (_tag, href: string) => {
    code.preload.push(href)
    return ''
  })
  const json = JSON.stringify(code).replace(/</g, '\\u003c')
  return (
    `${head}<script id="app-code" type="application/json">${json}</script>` +
    `<script type="module">${APP_LOADER}</script>${html.slice(headEnd)}`
  )
}

/** The app code a served document names (for tests and the budget check): the loader's data block. */
export function appCodeOf(html: string): AppCode | undefined {
  const json = /<script id="app-code" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]
  return json === undefined ? undefined : (JSON.parse(json) as AppCode)
}
