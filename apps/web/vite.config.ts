import { readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/**
 * Writes .br and .gz copies of every compressible file of the build, once, at maximum
 * compression, so the gateway can serve them without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'genesis:precompress',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true })
      await Promise.all(
        files
          .filter((f) => /\.(js|css|svg|json|txt|webmanifest)$/.test(f) && !f.startsWith('.vite'))
          .map(async (f) => {
            const path = join(outDir, f)
            const body = await readFile(path)
            if (body.length < 1024) return
            await writeFile(
              `${path}.br`,
              await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            )
            await writeFile(`${path}.gz`, await gz(body, { level: 9 }))
          }),
      )
    },
  }
}

/**
 * Marks the entry file with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium
 * 136+): its functions are compiled while the file streams in, on a background thread, instead of
 * each on the main thread the first time it runs. Nearly all of the entry runs while a page starts
 * (React, the router, the query cache, the public layout), so compiling it lazily only moved that
 * work onto the main thread in the start-up's longest tasks (decision 068). The same for the chunk
 * of `@supabase/realtime-js`: public pages load it when the browser is idle after `load` (their
 * live updates, decision 024) and run most of it at once (the client, its socket, the channel's
 * join and the first messages), which took some 15 ms of a fast machine's main thread in its tasks
 * (decision 069). Browsers without the hint read it as a comment.
 */
function compileHints(): Plugin {
  return {
    name: 'genesis:compile-hints',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    // On the written file (before precompress's closeBundle): the bundler's own last steps
    // (the preload map it puts at the top) run after generateBundle.
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      for (const chunk of Object.values(bundle)) {
        const realtime =
          chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.includes('/@supabase/realtime-js/'))
        if (chunk.type !== 'chunk' || !(chunk.isEntry || realtime)) continue
        const path = join(dir, chunk.fileName)
        await writeFile(path, `//# allFunctionsCalledOnLoad\n${await readFile(path, 'utf8')}`)
      }
    },
  }
}

/**
 * Preloads the Latin subset of Inter from the HTML. The browser otherwise finds the font only
 * after it has downloaded and applied the CSS and laid out text, which delays the first paint
 * of text (the hero heading is the largest paint of several pages). Its hashed file name is only
 * known once the bundle is written, hence a build hook rather than a tag in index.html.
 */
function preloadFont(): Plugin {
  return {
    name: 'genesis:preload-font',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => /inter-latin-wght-normal-.*\.woff2$/.test(f))
        if (!font) throw new Error('The Latin Inter font is not in the bundle: update preloadFont()')
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

/**
 * Writes the entry's stylesheet into the page itself. As a separate file it held back the first
 * paint until a second round trip had finished, and the page's code, which must wait for the same
 * stylesheet, then ran before the browser had painted anything: a phone saw a blank page until
 * the app had started. Inline, the HTML alone paints (the prerendered page, or the app shell),
 * and the code runs after. The file is still written, for anything that asks for it by name.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'genesis:inline-entry-css',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file]
            if (asset?.type !== 'asset') return tag
            const css = String(asset.source)
            if (/<\/style/i.test(css))
              throw new Error(`${file} cannot be written into the page: it contains </style`)
            return `<style>${css}</style>`
          },
        )
      },
    },
  }
}

/**
 * Gives full zod ("classic", `import { z } from 'zod'`) its own copy of zod's core, apart from the
 * core that `zod/mini` uses (decision 019). Tree-shaking works per module, and zod's core is a few
 * modules (`core/schemas.js` holds every schema class): with one copy, the core chunk every public
 * page loads for its first paint (zod/mini, decision 009) held every class any part of the app
 * uses, and classic's string type alone reaches all the string formats. Each full-zod schema the
 * tenant portal or the back office added made the public pages heavier. Full zod is only used by
 * code that loads later (form submits, the portal, the back office), so its core now comes with it.
 * The two copies interoperate (zod checks instances by traits, not by class identity); each has
 * its own global config, which only the full-zod side sets (English messages, loaded with it).
 */
function zodClassicCore(): Plugin {
  const MARK = '?zod-classic'
  const zodDir = (part: string) => new RegExp(`[\\\\/]node_modules[\\\\/]zod[\\\\/]v4[\\\\/]${part}[\\\\/]`)
  const classic = zodDir('classic')
  const shared = zodDir('(core|locales)')
  let classicSeen = false
  let copied = 0
  return {
    name: 'genesis:zod-classic-core',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    enforce: 'pre',
    buildStart() {
      classicSeen = false
      copied = 0
    },
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null
      const from = importer.endsWith(MARK) ? importer.slice(0, -MARK.length) : importer
      const fromClassic = classic.test(from)
      classicSeen ||= fromClassic
      // A relative import of core or locales by classic, or by a module of classic's copy.
      if (from === importer && !fromClassic) return null
      const target = resolve(dirname(from), source)
      if (!shared.test(target)) return null
      copied++
      return target + MARK
    },
    async load(id) {
      if (!id.endsWith(MARK)) return null
      return { code: await readFile(id.slice(0, -MARK.length), 'utf8'), moduleType: 'js' }
    },
    buildEnd(error) {
      // zod moved its files: say so rather than let the public pages silently grow back.
      if (!error && classicSeen && copied === 0) {
        this.error(
          'genesis:zod-classic-core: full zod imported no core module it could copy (zod file layout changed?)',
        )
      }
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    zodClassicCore(),
    react(),
    tailwindcss(),
    compileHints(),
    precompress(),
    preloadFont(),
    inlineEntryCss(),
  ],
  // The manifest lets scripts/check-budgets.ts follow each route's chunk graph.
  build: {
    manifest: true,
    // One stylesheet for the whole app (Tailwind's utilities are shared anyway), written into every
    // page by inlineEntryCss: with a stylesheet per chunk, each lazy chunk would name the entry's
    // stylesheet as its dependency and fetch it again.
    cssCodeSplit: false,
    // Everything the entry imports statically goes into the entry's own file (decision 058). Every
    // page loads all of it before it starts, so one file costs no page a byte more; as 16 files it
    // was 16 requests (each a task for the browser, the gateway and the renderer) and 16 modules'
    // imports and exports kept apart, which minify and compress worse (home: 159.2 -> 151.0 KiB).
    // The server build (the prerender) keeps rolldown's own chunks.
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'start', tags: ['$initial'] },
                // The public pages' REST and Functions clients, loaded on their first read or submit
                // (decision 067): a file of their own, so that a visitor's first read does not fetch
                // the full supabase-js that shares them (the portal's session engine imports them
                // from here).
                {
                  name: 'public-data',
                  test: /node_modules[\\/](@supabase[\\/](postgrest-js|functions-js)|tslib)[\\/]|src[\\/]lib[\\/]supabase\.ts$/,
                },
              ],
            },
          },
        },
  },
  server: {
    proxy: {
      '^/(auth|rest|storage|functions|realtime)/v1': { target: 'http://localhost:8080', ws: true },
      '/api': 'http://localhost:8080',
    },
  },
}))
