import type { Context } from 'hono'
import type { ByteRange } from '../../blob-store/blob-store.ts'
import type { Deps } from '../../deps.ts'
import { isActiveType } from './content-types.ts'
import { ERRORS } from './errors.ts'
import type { ObjectRow } from './rows.ts'

/** One `bytes=` range (the client and browsers send one); undefined = whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) throw ERRORS.InvalidRange()
  let start: number
  let end: number
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) throw ERRORS.InvalidRange()
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start > end || start >= size) throw ERRORS.InvalidRange()
  return { start, end }
}

/** `attachment` with a safe ASCII filename plus the exact UTF-8 one (RFC 6266). */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const exact = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16)}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`
}

/**
 * The bytes of an object as a response: type, length, caching and validators, ranges (206).
 * Every object is sent with `nosniff`; active types (HTML, SVG, …) always as attachments and,
 * like every non-PDF, under a sandboxing CSP, so a stored file never runs as a page of the site.
 */
export async function serveObject(c: Context, deps: Deps, row: ObjectRow): Promise<Response> {
  const { metadata } = row
  const headers = new Headers({
    'Content-Type': metadata.mimetype,
    'Cache-Control': metadata.cacheControl,
    ETag: metadata.eTag,
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
  })
  // A PDF viewer does not run inside a sandboxed document; PDFs carry no script we serve inline.
  if (metadata.mimetype.split(';')[0].trim().toLowerCase() !== 'application/pdf') {
    headers.set('Content-Security-Policy', "default-src 'none'; sandbox")
  }
  const download = c.req.query('download')
  const fileName = row.name.split('/').at(-1) ?? row.name
  if (download !== undefined || isActiveType(metadata.mimetype)) {
    headers.set('Content-Disposition', attachment(download ? download : fileName))
  }

  if (c.req.header('if-none-match') === metadata.eTag) return new Response(null, { status: 304, headers })
  if (c.req.method === 'HEAD') {
    if (!(await deps.blobStore.exists(row.version))) throw ERRORS.NoSuchKey()
    headers.set('Content-Length', String(metadata.size))
    return new Response(null, { status: 200, headers })
  }

  const range = parseRange(c.req.header('range'), metadata.size)
  const blob = await deps.blobStore.get(row.version, range)
  if (!blob) throw ERRORS.NoSuchKey()
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`)
    headers.set('Content-Length', String(range.end - range.start + 1))
    return new Response(blob.stream, { status: 206, headers })
  }
  headers.set('Content-Length', String(blob.size))
  return new Response(blob.stream, { status: 200, headers })
}
