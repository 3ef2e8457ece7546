import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { Context } from 'hono'
import type { Logger } from 'pino'
import type { Database } from '../database/types.ts'
import {
  CompressionCache,
  compress,
  type Encoding,
  isCompressible,
  negotiateEncoding,
} from './compress-static.ts'
import { deferAppStart } from './deferred-start.ts'
import { type PrerenderedPages, prerenderedPageFor, readPrerenderedPages } from './prerendered-pages.ts'
import { pageContentSecurityPolicy } from './security-headers.ts'
import { serverDirOf, serverRender } from './server-render.ts'

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

/** The weak ETag of a version of some content, from what identifies it. */
function etagOf(key: string): string {
  return `W/"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`
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
  /** AUTH_MFA_REQUIRED_FOR_ADMINS: the back office then offers enrolment on an admin's first sign-in. */
  adminTwoFactorRequired?: boolean
}

/** File suffix of the build's precompressed copies (vite.config.ts of the web app writes them). */
const COPY_SUFFIX = { br: 'br', gzip: 'gz' } as const

/**
 * How many bytes of the build's files are kept in memory as served (each in the encodings asked
 * for): a build's hashed assets in brotli are under 1 MB, so every file a page loads fits; past the
 * bound files are read from disk on each request as before.
 */
const FILE_MEMORY_BYTES = 8 * 1024 * 1024

/** One file of the build as it is answered in one encoding: what a request for it costs is a lookup. */
interface PreparedFile {
  etag: string
  headers: Record<string, string>
  body: Uint8Array<ArrayBuffer>
}

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else is
 * revalidated (ETag, 304), and any other path gets index.html (the SPA decides what is a 404). The
 * anon key reaches the app through a JSON data block injected into index.html, never through the
 * bundle. Text goes out brotli- or gzip-compressed when the browser accepts it: from the build's
 * precompressed copy (`file.br`, `file.gz`) when there is one, otherwise compressed here once per
 * file version and kept in memory (index.html carries the injected config, so it never has a copy).
 * A public page the build prerendered (prerendered-pages.ts) gets its own HTML, with the page's
 * first paint already in it, in place of index.html. Every document served from the build starts
 * the app's code only after its first frame (deferred-start.ts).
 */
export function staticSite(
  distDir: string,
  appConfig: PublicAppConfig,
  /** Renders public pages on request with their data (server-render.ts); without it, first paints only. */
  server?: { db: Database; logger: Logger; siteUrl: string; serverDir?: string },
) {
  const root = distDir.endsWith('/') ? distDir : `${distDir}/`
  // Each HTML shell as served (with the injected config), keyed by its file in the build; its
  // identity for ETags is its content: the build and the injected config together.
  const shells = new Map<string, Promise<{ html: string; key: string; csp: string }>>()
  let pages: Promise<PrerenderedPages> | undefined
  const compressed = new CompressionCache()

  /** The response for one file, read only when the client's copy is stale. */
  const respond = async (
    c: Context,
    source: {
      /** Identifies this version of the content (path, size, mtime; or a hash). */
      key: string
      load: () => Promise<Uint8Array<ArrayBuffer>>
    },
    headers: Record<string, string>,
    status = 200,
  ): Promise<Response> => {
    const etag = etagOf(source.key)
    if (status === 200 && ifNoneMatch(c.req.header('if-none-match'), etag)) {
      // A browser stores the headers of a 304 over the cached ones: the page keeps its own CSP.
      const kept: Record<string, string> = { etag, 'cache-control': headers['cache-control'] }
      if (headers['content-security-policy'])
        kept['content-security-policy'] = headers['content-security-policy']
      return new Response(null, { status: 304, headers: kept })
    }
    const out: Record<string, string> = { ...headers, 'x-content-type-options': 'nosniff', etag }
    const encoding = negotiateEncoding(c.req.header('accept-encoding'))
    let payload = await source.load()
    if (isCompressible(headers['content-type'], payload.byteLength)) {
      out.vary = 'accept-encoding'
      if (encoding) {
        // Once per version of the document (its key), kept for the next visitors.
        payload = await compressed.get(source.key, encoding, payload)
        out['content-encoding'] = encoding
      }
    }
    out['content-length'] = String(payload.byteLength)
    return new Response(c.req.method === 'HEAD' ? null : payload, { status, headers: out })
  }
  /**
   * Files of the build as served, by encoding and file version. Hashed assets (`/assets/`) never
   * change under their name, so once kept they are answered without even a `stat`; other files
   * (images, the favicon) are looked up by size and mtime, so a rebuild in place is picked up.
   */
  const prepared = new Map<string, Promise<PreparedFile | undefined>>()
  let preparedBytes = 0
  const prepareFile = async (
    file: string,
    info: { size: number; mtimeMs: number },
    encoding: Encoding | undefined,
    headers: Record<string, string>,
  ): Promise<PreparedFile> => {
    const etag = etagOf(`${file}:${info.size}:${info.mtimeMs}`)
    const out: Record<string, string> = { ...headers, 'x-content-type-options': 'nosniff', etag }
    const copy = encoding ? `${file}.${COPY_SUFFIX[encoding]}` : undefined
    const copyInfo = copy ? await stat(copy).catch(() => undefined) : undefined
    let body: Uint8Array<ArrayBuffer>
    if (encoding && copy && copyInfo?.isFile()) {
      body = await readFile(copy)
      out['content-encoding'] = encoding
      out.vary = 'accept-encoding'
    } else {
      body = await readFile(file)
      if (isCompressible(headers['content-type'], body.byteLength)) {
        out.vary = 'accept-encoding'
        if (encoding) {
          body = await compress(encoding, body)
          out['content-encoding'] = encoding
        }
      }
    }
    out['content-length'] = String(body.byteLength)
    return { etag, headers: out, body }
  }
  const serveFile = async (
    c: Context,
    file: string,
    immutable: boolean,
    headers: Record<string, string>,
  ): Promise<Response | undefined> => {
    const encoding = negotiateEncoding(c.req.header('accept-encoding'))
    const byName = `${encoding ?? 'identity'}:${file}`
    let entry = immutable ? prepared.get(byName) : undefined
    if (!entry) {
      const info = await stat(file).catch(() => undefined)
      if (!info?.isFile()) return undefined
      const key = immutable ? byName : `${byName}:${info.size}:${info.mtimeMs}`
      entry = prepared.get(key)
      if (!entry) {
        const made = prepareFile(file, info, encoding, headers)
        entry = made
        made.then(
          (kept) => {
            if (preparedBytes + kept.body.byteLength > FILE_MEMORY_BYTES) prepared.delete(key)
            else preparedBytes += kept.body.byteLength
          },
          () => prepared.delete(key),
        )
        prepared.set(key, made)
      }
    }
    const ready = await entry
    if (!ready) return undefined
    if (ifNoneMatch(c.req.header('if-none-match'), ready.etag)) {
      return new Response(null, {
        status: 304,
        headers: { etag: ready.etag, 'cache-control': ready.headers['cache-control'] },
      })
    }
    return new Response(c.req.method === 'HEAD' ? null : ready.body, {
      status: 200,
      headers: { ...ready.headers },
    })
  }
  const loadShell = (file: string) => {
    let shell = shells.get(file)
    if (!shell) {
      shell = (async () => {
        // The app's code starts after the page's first frame (deferred-start.ts, decision 039).
        const raw = deferAppStart(await readFile(join(distDir, file), 'utf8'))
        const json = JSON.stringify(appConfig).replace(/</g, '\\u003c')
        const html = raw.replace(
          '</head>',
          `<script id="app-config" type="application/json">${json}</script></head>`,
        )
        return {
          html,
          key: `${file}:${createHash('sha1').update(html).digest('hex')}`,
          // Hashes of this shell's inline scripts (the config block among them): no nonce, so the
          // shell stays cacheable and its ETag stable.
          csp: pageContentSecurityPolicy(html, appConfig.supabaseUrl),
        }
      })()
      // A failed read is retried on the next request rather than remembered.
      shell.catch(() => shells.delete(file))
      shells.set(file, shell)
    }
    return shell
  }
  const render =
    server &&
    serverRender({
      db: server.db,
      logger: server.logger,
      distDir,
      serverDir: server.serverDir ?? serverDirOf(distDir),
      // URLs in the markup (logos) are made from the gateway's public origin on the server.
      appEnv: { ...appConfig, supabaseUrl: appConfig.supabaseUrl ?? server.siteUrl },
      loadTemplate: loadShell,
    })
  return async (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return c.json({ message: 'Method not allowed' }, 405)
    let path: string
    try {
      path = decodeURIComponent(c.req.path)
    } catch {
      // A malformed percent-escape (`/%E0%A4%A`) names no file and no page.
      return c.text('Bad request: malformed percent-encoding in the path', 400)
    }
    const file = normalize(join(distDir, path))
    if (file.startsWith(root) && path !== '/' && path !== '/index.html') {
      const immutable = path.startsWith('/assets/')
      const served = await serveFile(c, file, immutable, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      })
      if (served) return served
    }
    // Asked only here: a file of the build is served without it.
    if (!existsSync(join(distDir, 'index.html'))) {
      return c.text('The web app has not been built yet: run npm run build.', 503)
    }
    // A missing file with an extension (a stale asset) is a real 404, not the app shell.
    if (file.startsWith(root) && path !== '/' && path !== '/index.html' && extname(path) !== '') {
      return c.text('Not found', 404)
    }
    if (render) {
      const url = new URL(c.req.url)
      const rendered = await render(`${url.pathname}${url.search}`)
      if (rendered?.kind === 'redirect') {
        return new Response(null, { status: 301, headers: { location: rendered.location } })
      }
      if (rendered?.kind === 'page') {
        const { html, status, csp, key } = rendered
        return respond(
          c,
          {
            key,
            load: async () => new TextEncoder().encode(html),
          },
          // The template's policy: rendering adds only data blocks (JSON), which never run.
          {
            'content-type': 'text/html; charset=UTF-8',
            'cache-control': 'no-cache',
            'content-security-policy': csp,
          },
          status,
        )
      }
    }
    pages ??= readPrerenderedPages(distDir)
    const page = prerenderedPageFor(await pages, path)
    const { html, key, csp } = await loadShell(page ?? 'index.html').catch(() => loadShell('index.html'))
    return respond(
      c,
      { key, load: async () => new TextEncoder().encode(html) },
      {
        'content-type': 'text/html; charset=UTF-8',
        'cache-control': 'no-cache',
        'content-security-policy': csp,
      },
    )
  }
}
