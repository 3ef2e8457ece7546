/**
 * Checks the web app's size budgets on the production build (run `npm run build` first):
 *   node scripts/check-budgets.ts
 * For every public page it follows the chunk graph Vite recorded in dist/.vite/manifest.json from
 * the HTML entry (which includes the public layout) to the page's own module, the JavaScript the browser
 * must fetch before the page can render, and sums it gzip-compressed. Dynamic imports that load
 * later (on a click or a submit) are not counted. It fails when a public page's graph reaches
 * tenant or admin code, the full supabase-js or full zod, or a budget is exceeded.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'

const KiB = 1024
const BUDGET = { js: 160 * KiB, jsStretch: 120 * KiB, css: 50 * KiB }
const dist = new URL('../apps/web/dist/', import.meta.url).pathname

interface Chunk {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`

/** Every chunk key statically reachable from the given keys. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of manifest[key]?.imports ?? []) walk(dep)
  }
  for (const k of keys) walk(k)
  return seen
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)
if (!entry) throw new Error('No entry in the manifest: is dist a Vite build with manifest: true?')
const pages = [
  'home',
  'about',
  'stores',
  'store',
  'leasing',
  'contact',
  'privacy',
  'whats-on',
  'whats-on-item',
  'not-found',
].map((p) => `src/app/routes/public/${p}.tsx`)
const forbidden = /src\/app\/routes\/(tenant|admin)\//

// Public pages read and submit through supabase-js's own postgrest-js and functions-js
// (apps/web/src/lib/supabase.ts); the full supabase-js (auth, storage, realtime) belongs to the
// tenant and admin areas. A data client a public page loads, statically or with a dynamic import,
// is counted as part of the page's JavaScript, and supabase-js reaching a public page fails.
const dataClientPattern = /@supabase\/(postgrest-js|functions-js|supabase-js)\//
const fullClient = /@supabase\/supabase-js\//
const clientMark = /PostgrestError|FunctionsHttpError/
const read = (file: string) => readFileSync(join(dist, file), 'utf8')
// Full zod ('zod', "classic") has its own copy of zod's core and loads with the code that uses it
// (form submits, the portal, the back office); first paints validate with zod/mini (decisions 009
// and 019). Its string type's trait name survives minification; zod/mini's is ZodMiniString.
const fullZodMark = /[`'"]ZodString[`'"]/
// Since decision 067 the public clients are a chunk of their own (`public-data`, apps/web/vite.config.ts),
// loaded on a page's first read or submit: a page the gateway rendered reads nothing while it
// starts, but the chunk is still counted here, as every data client a public page can load is.
const isDataClient = (k: string) =>
  dataClientPattern.test(k) ||
  dataClientPattern.test(manifest[k]?.src ?? '') ||
  manifest[k]?.name === 'public-data'

/** The page's static graph plus every data-client chunk it imports dynamically (and their imports). */
function pageGraph(keys: string[]): Set<string> {
  const graph = closure(keys)
  const lazyClients = [...graph].flatMap((k) => (manifest[k].dynamicImports ?? []).filter(isDataClient))
  for (const k of closure(lazyClients)) graph.add(k)
  return graph
}

// The app's one stylesheet is written into every page's HTML (apps/web/vite.config.ts,
// inlineEntryCss), so it is counted from there: it is part of what every page sends first.
const pageCss = gzipSync(
  [...read('index.html').matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join(''),
  { level: 9 },
).length

let failed = false
const rows: string[] = []
for (const page of pages) {
  if (!manifest[page]) throw new Error(`${page} is not its own chunk in the build`)
  const keys = pageGraph([entry, page])
  const files = [...keys].map((k) => manifest[k])
  const leaked = [...keys].filter(
    (k) =>
      forbidden.test(k) ||
      forbidden.test(manifest[k].src ?? '') ||
      fullClient.test(k) ||
      fullZodMark.test(read(manifest[k].file)),
  )
  const js = files.reduce((sum, c) => sum + gz(c.file), 0)
  const atStart = [...closure([entry, page])].reduce((sum, k) => sum + gz(manifest[k].file), 0)
  const css = pageCss + [...new Set(files.flatMap((c) => c.css ?? []))].reduce((sum, f) => sum + gz(f), 0)
  // Bundled node_modules have no manifest entry of their own: find the clients by the error class
  // names they set, which survive minification, so the row shows where the page's client lives.
  const client = files.filter((c) => dataClientPattern.test(c.src ?? '') || clientMark.test(read(c.file)))
  const ok = js <= BUDGET.js && css <= BUDGET.css && leaked.length === 0
  failed ||= !ok
  rows.push(
    `${ok ? 'ok  ' : 'FAIL'} ${page.replace('src/app/routes/public/', '/').padEnd(14)} JS ${kib(js).padStart(10)}` +
      ` (${files.length} files, stretch ${js <= BUDGET.jsStretch ? 'met' : 'missed'})  CSS ${kib(css).padStart(8)}` +
      `  (data client in ${client.map((c) => c.file).join(', ') || 'no chunk'}; ${kib(atStart)} without it)` +
      (leaked.length ? `  tenant/admin code, full supabase-js or full zod: ${leaked.join(', ')}` : ''),
  )
}

// The session engine (apps/web/src/lib/session/session-engine.ts) brings the full supabase-js. A
// public page loads it only when a session from an earlier visit is stored (the session provider
// decides); tenant and admin pages always do. Report its weight, and fail if anything else on a
// public page imports supabase-js dynamically.
const sessionEngine = 'src/lib/session/session-engine.ts'
if (!manifest[sessionEngine]) throw new Error(`${sessionEngine} is not its own chunk in the build`)
const engineOnly = [...closure([sessionEngine])].filter((k) => !closure([entry]).has(k))
const engineJs = engineOnly.reduce((sum, k) => sum + gz(manifest[k].file), 0)
const otherLazyFullClient = [...closure([entry])].filter((k) =>
  (manifest[k].dynamicImports ?? []).some(
    (d) => fullClient.test(d) || fullClient.test(manifest[d]?.src ?? ''),
  ),
)
if (otherLazyFullClient.length > 0) {
  failed = true
  rows.push(
    `FAIL supabase-js imported on demand by public code other than the session engine: ${otherLazyFullClient.join(', ')}`,
  )
}
rows.push(
  `info session engine with supabase-js, loaded only on tenant/admin pages or with a stored session: JS ${kib(engineJs)} (${engineOnly.length} files)`,
)

// Decision 067: the public clients load on a page's first read or submit, not with the page. A
// static import of lib/supabase.ts (rather than lib/backend.ts's loaders) brings them back into
// what every page compiles at start.
const clientAtStart = [...closure([entry])].filter((k) => clientMark.test(read(manifest[k].file)))
if (clientAtStart.length > 0) {
  failed = true
  rows.push(
    `FAIL the public data clients load with every page (import lib/backend.ts, not lib/supabase.ts): ${clientAtStart.map((k) => manifest[k].file).join(', ')}`,
  )
}

// Decisions 068 and 069: the entry file and the realtime client's chunk (as written and as served,
// precompressed) open with V8's compile hint, so their functions are compiled off the main thread
// while they stream in.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'
const copiesOf = (file: string): [string, () => string][] => [
  [file, () => read(file)],
  [`${file}.gz`, () => gunzipSync(readFileSync(join(dist, `${file}.gz`))).toString('utf8')],
  [`${file}.br`, () => brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).toString('utf8')],
]
// The realtime client is the one chunk public-realtime.ts imports besides the entry.
const realtimeKey = manifest['src/lib/public-realtime.ts']?.imports?.find((k) => k !== entry)
const hinted: [string, string | undefined][] = [
  ['the entry', manifest[entry].file],
  ['the realtime chunk', realtimeKey ? manifest[realtimeKey]?.file : undefined],
]
for (const [what, file] of hinted) {
  const withoutHint = file
    ? copiesOf(file)
        .filter(([, text]) => !text().startsWith(COMPILE_HINT))
        .map(([name]) => name)
    : ['(not found in the manifest)']
  if (withoutHint.length > 0) {
    failed = true
    rows.push(
      `FAIL ${what} does not open with V8's compile hint (vite.config.ts compileHints): ${withoutHint.join(', ')}`,
    )
  } else rows.push(`ok   ${what} opens with V8's compile hint, as written and precompressed (${file})`)
}

// The biggest shared pieces, so a regression is easy to place.
const shared = closure([entry])
const biggest = [...shared]
  .map((k) => [manifest[k].file, gz(manifest[k].file)] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 5)

console.log(
  `Budgets: JS ≤ ${kib(BUDGET.js)} (stretch ${kib(BUDGET.jsStretch)}), CSS ≤ ${kib(BUDGET.css)}, gzip -9`,
)
for (const r of rows) console.log(r)
console.log(
  `Shared by every public page (the entry and its static imports, public layout included): ${biggest.map(([f, n]) => `${f} ${kib(n)}`).join(', ')}`,
)
console.log('')
if (failed) {
  console.error('Budget check failed.')
  process.exit(1)
}
