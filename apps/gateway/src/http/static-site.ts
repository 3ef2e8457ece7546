import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { Context } from 'hono'
import { CompressionCache, isCompressible, negotiateEncoding } from './compress-static.ts'

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

/** If-None-Match against one ETag (weak comparison, as RFC 9110 asks for GET). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => bare(tag) === bare(etag))
}

export const WEB_DIST = new URL('../../../web/dist/', import.meta.url).pathname

export interface PublicAppConfig {
  supabaseUrl?: string
  anonKey: string
  siteUrl?: string
}

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any other path gets index.html (the SPA decides what is a 404). The anon key
 * reaches the app through a JSON data block injected into index.html, never through the bundle.
 * Text files (HTML, JS, CSS, SVG, JSON) go out brotli- or gzip-compressed when the browser accepts
 * it: on a phone on mobile data the JavaScript is the largest cost of the first paint.
 */
export function staticSite(distDir: string, appConfig: PublicAppConfig) {
  const root = distDir.endsWith('/') ? distDir : `${distDir}/`
  let indexHtml: string | undefined
  // The shell's identity is its content: the build and the injected config together.
  let indexKey = ''
  const compressed = new CompressionCache()

  /** The response for a file (read only when the client's copy is stale), compressed when worthwhile. */
  const respond = async (
    c: Context,
    cacheKey: string,
    load: () => Promise<Uint8Array<ArrayBuffer>>,
    headers: Record<string, string>,
  ): Promise<Response> => {
    const etag = `W/"${createHash('sha1').update(cacheKey).digest('base64url').slice(0, 20)}"`
    const out: Record<string, string> = { ...headers, 'x-content-type-options': 'nosniff', etag }
    // Revalidation (index.html, files outside /assets) costs a round trip but no body when unchanged.
    if (ifNoneMatch(c.req.header('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers: { etag, 'cache-control': headers['cache-control'] } })
    }
    const body = await load()
    let payload = body
    if (isCompressible(headers['content-type'], body.byteLength)) {
      out.vary = 'accept-encoding'
      const encoding = negotiateEncoding(c.req.header('accept-encoding'))
      if (encoding) {
        payload = await compressed.get(cacheKey, encoding, body)
        out['content-encoding'] = encoding
      }
    }
    out['content-length'] = String(payload.byteLength)
    return new Response(c.req.method === 'HEAD' ? null : payload, { headers: out })
  }
  const loadIndex = async () => {
    if (indexHtml === undefined) {
      const raw = await readFile(join(distDir, 'index.html'), 'utf8')
      const json = JSON.stringify(appConfig).replace(/</g, '\\u003c')
      indexHtml = raw.replace(
        '</head>',
        `<script id="app-config" type="application/json">${json}</script></head>`,
      )
      indexKey = `index.html:${createHash('sha1').update(indexHtml).digest('hex')}`
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
        return respond(c, `${file}:${info.size}:${info.mtimeMs}`, () => readFile(file), {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': immutable
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        })
      }
      // A missing file with an extension (a stale asset) is a real 404, not the app shell.
      if (extname(path) !== '') return c.text('Not found', 404)
    }
    const html = await loadIndex()
    return respond(c, indexKey, async () => new TextEncoder().encode(html), {
      'content-type': 'text/html; charset=UTF-8',
      'cache-control': 'no-cache',
    })
  }
}
