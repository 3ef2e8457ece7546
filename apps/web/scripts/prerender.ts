import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'
import { z } from 'zod'

/**
 * Writes the first paint of each public page into the build (after `vite build`): the app's own
 * markup for the page, rendered by React with no data yet, inside a copy of dist/index.html, plus
 * dist/prerendered.json mapping URL patterns to those files for the gateway. Visitors see the
 * page's header, text and footer as soon as the HTML and CSS arrive instead of after the
 * JavaScript has loaded and run (the largest paint of most pages is static text).
 */
const webRoot = fileURLToPath(new URL('..', import.meta.url))
const dist = join(webRoot, 'dist')
const serverOut = join(webRoot, 'node_modules/.prerender')
const ROOT_PLACEHOLDER = /<div id="root">[\s\S]*?<\/div><\/div>/

await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: serverOut, emptyOutDir: true, copyPublicDir: false },
})
const { renderPage, PRERENDERED_PAGES } = (await import(
  pathToFileURL(join(serverOut, 'prerender.js')).href
)) as typeof import('../src/prerender.tsx')

/** Vite's manifest of the client build: source module → chunk file and the chunks it imports. */
const ManifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional(), isEntry: z.boolean().optional() }),
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

/** <link rel="modulepreload"> for the chunks of a route module that the entry does not load. */
function preloadsFor(module: string): string {
  const key = `src/app/routes/public/${module}.tsx`
  if (!clientManifest[key]) throw new Error(`${key} is not a chunk of the client build`)
  return [...chunksOf(key)]
    .filter((chunk) => !loadedByEntry.has(chunk))
    .map((chunk) => `<link rel="modulepreload" crossorigin href="/${clientManifest[chunk].file}">`)
    .join('')
}

/**
 * Form controls of the first paint are inert until the app draws over it: text typed into the
 * static copy would vanish when the live page replaces it, and a form sent from it would bypass
 * the app. Links keep working (they are plain page loads). React writes these tags as `<input `,
 * `<button>` and so on, so the tag names are matched exactly.
 */
function makeControlsInert(markup: string): string {
  return markup.replace(/<(form|input|select|textarea|button)(?=[\s>/])/g, '<$1 inert=""')
}

const template = await readFile(join(dist, 'index.html'), 'utf8')
if (!ROOT_PLACEHOLDER.test(template)) throw new Error('dist/index.html has no static #root shell to replace')
await rm(join(dist, 'pages'), { recursive: true, force: true })
await mkdir(join(dist, 'pages'))
const manifest: Record<string, string> = {}
for (const [pattern, { url, file, module }] of Object.entries(PRERENDERED_PAGES)) {
  const rendered = await renderPage(url)
  // React writes the resources a page asks for (preload()) before its markup: they go to <head>.
  const resources = /^(?:<link [^>]*>)*/.exec(rendered)?.[0] ?? ''
  const markup = makeControlsInert(rendered.slice(resources.length))
  // Function replacements: the markup may contain '$' sequences.
  const html = template
    .replace('</head>', () => `${preloadsFor(module)}${resources}</head>`)
    .replace(ROOT_PLACEHOLDER, () => `<div id="root">${markup}</div>`)
  await writeFile(join(dist, 'pages', file), html)
  manifest[pattern] = `pages/${file}`
}
await writeFile(join(dist, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`prerendered ${Object.keys(manifest).length} pages: ${Object.keys(manifest).join(', ')}`)
