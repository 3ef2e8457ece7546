import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), preloadFont()],
  // The manifest lets scripts/check-budgets.ts follow each route's chunk graph.
  build: { manifest: true },
  server: {
    proxy: {
      '^/(auth|rest|storage|functions|realtime)/v1': { target: 'http://localhost:8080', ws: true },
      '/api': 'http://localhost:8080',
    },
  },
})
