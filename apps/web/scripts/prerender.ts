import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'
import { z } from 'zod'
import { purgeCss } from './public-css.ts'

/**
 * Writes the first paint of each public page into the build (after `vite build`): the app's own
 * markup for the page, rendered by React with no data yet, inside a copy of dist/index.html, plus
 * dist/prerendered.json mapping URL patterns to those files for the gateway. Visitors see the
 * page's header, text and footer as soon as the HTML and CSS arrive instead of after the
 * JavaScript has loaded and run (the largest paint of most pages is static text).
 */
const webRoot = fileURLToPath(new URL('..', import.meta.url))
const dist = join(webRoot, 'dist')
// Kept beside the build, not in it: the gateway imports it to render public pages on request
// (decision 016), and nothing in dist/ is private.
const serverOut = join(webRoot, 'dist-server')
const ROOT_PLACEHOLDER = /<div id="root">[\s\S]*?<\/div><\/div>/

// The server module is built for production (its React is the production build, see below), so
// its JSX must be too: Vite picks the JSX runtime from NODE_ENV, which a caller may have set
// (a test runner sets it to 'test').
process.env.NODE_ENV = 'production'
await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: serverOut, emptyOutDir: true, copyPublicDir: false },
  // The server module carries its own production React (and everything else it imports): left
  // external, React would be loaded from node_modules in its development build whenever the
  // gateway runs without NODE_ENV=production, which renders each page several times slower.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
})
const { renderPage, makeControlsInert, PRERENDERED_PAGES, NOT_FOUND_PAGE, renderTenantDashboardFirstPaint } =
  (await import(pathToFileURL(join(serverOut, 'prerender.js')).href)) as typeof import('../src/prerender.tsx')

/** Vite's manifest of the client build: source module → chunk file and the chunks it imports. */
const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }),
)
const clientManifest = ManifestSchema.parse(
  JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')),
)
const entryKey = Object.keys(clientManifest).find((key) => clientManifest[key].isEntry)
if (!entryKey) throw new Error('The client build has no entry chunk')

/** Every chunk `key` needs (itself and its static imports, transitively), as manifest keys. */
function chunksOf(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of clientManifest[key]?.imports ?? []) chunksOf(imported, seen)
  return seen
}
const loadedByEntry = chunksOf(entryKey)

/** <link rel="modulepreload"> for the chunks of source modules that the entry does not load. */
function preloadsOf(keys: readonly string[]): string {
  const chunks = new Set<string>()
  for (const key of keys) {
    if (!clientManifest[key]) throw new Error(`${key} is not a chunk of the client build`)
    chunksOf(key, chunks)
  }
  return [...chunks]
    .filter((chunk) => !loadedByEntry.has(chunk))
    .map((chunk) => `<link rel="modulepreload" crossorigin href="/${clientManifest[chunk].file}">`)
    .join('')
}
const preloadsFor = (module: string) => preloadsOf([`src/app/routes/public/${module}.tsx`])

/**
 * Signed-in pages: their code is known, so their HTML names the area's layout, the page and the
 * session engine, and the browser fetches them beside the entry instead of one after the other as
 * the router and the session provider discover them. Their first paint is the page's frame and
 * loading state, with no one's data (`firstPaint`; decision 041): only the browser knows who is
 * signed in.
 */
const APP_PAGES: Record<string, { file: string; modules: string[]; firstPaint?: () => string }> = {
  '/tenant/dashboard': {
    file: 'tenant-dashboard.html',
    firstPaint: renderTenantDashboardFirstPaint,
    modules: [
      // The portal's loaders (decision 052): the router finds the layout and the page through it.
      'src/app/portal-routes.ts',
      'src/app/routes/tenant/layout.tsx',
      'src/app/routes/tenant/dashboard.tsx',
      'src/lib/session/session-engine.ts',
      // The overview's queries, started from the entry (decision 041).
      'src/app/routes/tenant/prefetch-dashboard.ts',
    ],
  },
}

const template = await readFile(join(dist, 'index.html'), 'utf8')
if (!ROOT_PLACEHOLDER.test(template)) throw new Error('dist/index.html has no static #root shell to replace')

/**
 * Public pages carry only the rules public pages can use (decision 049): the stylesheet without
 * what only the portal and the back office draw. What public pages can draw is in the code they can
 * load: the entry, the public pages and everything these import, statically or on demand, except
 * the tenant and admin routes (each of which loads the whole stylesheet before it draws,
 * src/lib/full-stylesheet.ts, named by `data-full` on the public pages' <style>).
 */
const PORTAL_ROUTE = /^src\/app\/routes\/(tenant|admin)\//
function publicChunks(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || PORTAL_ROUTE.test(key)) return seen
  seen.add(key)
  const chunk = clientManifest[key]
  for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) publicChunks(next, seen)
  return seen
}
const publicRoots = [
  entryKey,
  ...Object.values(PRERENDERED_PAGES).map((p) => `src/app/routes/public/${p.module}.tsx`),
]
const publicCode = new Set<string>()
for (const key of publicRoots) publicChunks(key, publicCode)
const fullCssFile = clientManifest['style.css']?.file
const STYLE = /<style>([\s\S]*?)<\/style>/
const fullCss = STYLE.exec(template)?.[1]
if (!fullCssFile || !fullCss)
  throw new Error('dist/index.html has no inline stylesheet (style.css) to slim for public pages')
const publicCss = purgeCss(
  fullCss,
  [
    // The shell's markup and inline loader, not the stylesheet itself (which names every class).
    template.replace(STYLE, ''),
    ...(await Promise.all(
      [...publicCode]
        .filter((key) => clientManifest[key])
        .map((key) => readFile(join(dist, clientManifest[key].file), 'utf8')),
    )),
  ].join('\n'),
)
const publicTemplate = template.replace(
  STYLE,
  () => `<style data-full="/${fullCssFile}">${publicCss}</style>`,
)
console.log(
  `public pages' stylesheet: ${publicCss.length} of ${fullCss.length} bytes (${publicCode.size} chunks read)`,
)
await rm(join(dist, 'pages'), { recursive: true, force: true })
await mkdir(join(dist, 'pages'))
const manifest: Record<string, string> = {}
// The not-found page is rendered too, as the template of the 404s the gateway renders on request;
// it is not in the manifest (an unknown path is only known to be one once the data is read).
const pagesToWrite = [...Object.entries(PRERENDERED_PAGES), [undefined, NOT_FOUND_PAGE] as const] as const
for (const [pattern, { url, file, module }] of pagesToWrite) {
  const rendered = await renderPage(url)
  // React writes the resources a page asks for (preload()) before its markup: they go to <head>.
  const resources = /^(?:<link [^>]*>)*/.exec(rendered)?.[0] ?? ''
  const markup = makeControlsInert(rendered.slice(resources.length))
  // Function replacements: the markup may contain '$' sequences.
  const html = publicTemplate
    .replace('</head>', () => `${preloadsFor(module)}${resources}</head>`)
    // The markers let the gateway put the page rendered with data in place of this first paint.
    .replace(ROOT_PLACEHOLDER, () => `<div id="root"><!--page-->${markup}<!--/page--></div>`)
  await writeFile(join(dist, 'pages', file), html)
  if (pattern) manifest[pattern] = `pages/${file}`
}
for (const [path, { file, modules, firstPaint }] of Object.entries(APP_PAGES)) {
  let html = template.replace('</head>', () => `${preloadsOf(modules)}</head>`)
  if (firstPaint) {
    // No `<!--page-->` markers: this is not a page to hydrate, the app draws over it (main.tsx).
    html = html.replace(ROOT_PLACEHOLDER, () => `<div id="root">${makeControlsInert(firstPaint())}</div>`)
  }
  await writeFile(join(dist, 'pages', file), html)
  manifest[path] = `pages/${file}`
}
await writeFile(join(dist, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`prerendered ${Object.keys(manifest).length} pages: ${Object.keys(manifest).join(', ')}`)
