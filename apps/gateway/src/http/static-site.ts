import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { Context } from 'hono'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

export const WEB_DIST = new URL('../../../web/dist/', import.meta.url).pathname

export interface PublicAppConfig {
  supabaseUrl?: string
  anonKey: string
  siteUrl?: string
}

const ENCODINGS = [
  { name: 'br', ext: 'br' },
  { name: 'gzip', ext: 'gz' },
] as const

/** The best precompressed copy of `file` that the Accept-Encoding header allows, if one exists. */
async function precompressed(file: string, acceptEncoding: string) {
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q?.trim() !== 'q=0')
    .map(([name]) => name)
  for (const e of ENCODINGS) {
    if (!accepted.includes(e.name)) continue
    const info = await stat(`${file}.${e.ext}`).catch(() => undefined)
    if (info?.isFile()) return { ...e, size: info.size }
  }
  return undefined
}

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any other path gets index.html (the SPA decides what is a 404). The anon key
 * reaches the app through a JSON data block injected into index.html, never through the bundle.
 */
export function staticSite(distDir: string, appConfig: PublicAppConfig) {
  const root = distDir.endsWith('/') ? distDir : `${distDir}/`
  let indexHtml: string | undefined
  const loadIndex = async () => {
    if (indexHtml === undefined) {
      const raw = await readFile(join(distDir, 'index.html'), 'utf8')
      const json = JSON.stringify(appConfig).replace(/</g, '\\u003c')
      indexHtml = raw.replace(
        '</head>',
        `<script id="app-config" type="application/json">${json}</script></head>`,
      )
    }
    return indexHtml
  }
  return async (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return c.json({ message: 'Method not allowed' }, 405)
    if (!existsSync(join(distDir, 'index.html'))) {
      return c.text('The web app has not been built yet: run npm run build.', 503)
    }
    const path = decodeURIComponent(c.req.path)
    const file = normalize(join(distDir, path))
    if (file.startsWith(root) && path !== '/' && path !== '/index.html') {
      const info = await stat(file).catch(() => undefined)
      if (info?.isFile()) {
        const immutable = path.startsWith('/assets/')
        // The web build writes .br and .gz copies next to each compressible file (vite.config.ts):
        // serve the smallest one the browser accepts.
        const encoding = await precompressed(file, c.req.header('accept-encoding') ?? '')
        const served = encoding ? `${file}.${encoding.ext}` : file
        const size = encoding ? encoding.size : info.size
        return new Response(c.req.method === 'HEAD' ? null : await readFile(served), {
          headers: {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'content-length': String(size),
            ...(encoding ? { 'content-encoding': encoding.name } : {}),
            vary: 'accept-encoding',
            'cache-control': immutable
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=0, must-revalidate',
            'x-content-type-options': 'nosniff',
          },
        })
      }
      // A missing file with an extension (a stale asset) is a real 404, not the app shell.
      if (extname(path) !== '') return c.text('Not found', 404)
    }
    return c.html(await loadIndex(), 200, {
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    })
  }
}
