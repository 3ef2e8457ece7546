import type { Context } from 'hono'
import { routePath } from 'hono/route'
import { ERRORS } from './errors.ts'

const MAX_NAME_BYTES = 1024
const MAX_SEGMENT_BYTES = 255
const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]{1,100}$/

/**
 * Control characters, and the invisible ones that make a name read as something else: bidi
 * overrides and isolates (`logo\u202Egnp.exe` shows as `logoexe.png`), zero-width characters and
 * the byte-order mark.
 */
function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
    if ((code >= 0x200b && code <= 0x200f) || (code >= 0x202a && code <= 0x202e)) return true
    if ((code >= 0x2066 && code <= 0x2069) || code === 0xfeff) return true
  }
  return false
}

/**
 * An object name as stored: NFC-normalised (so "é" typed two ways is one object) and free of
 * anything that could read as a path trick or as another name: no segment starts or ends with
 * white space, no invisible or direction-changing characters. Blobs never use this name on disk, but refusing
 * `..`, absolute paths and control characters keeps names unambiguous for every client.
 */
export function parseObjectName(raw: string): string {
  const name = raw.normalize('NFC')
  const refuse = () => ERRORS.InvalidKey(name)
  if (name === '' || Buffer.byteLength(name) > MAX_NAME_BYTES) throw refuse()
  if (name.includes('\\') || hasControlCharacter(name)) throw refuse()
  for (const segment of name.split('/')) {
    // An empty segment is a leading slash (absolute path), a trailing slash or `//`.
    if (segment === '' || segment === '.' || segment === '..') throw refuse()
    // ` logo.png` and `logo.png ` look like `logo.png` and are not (nor is `folder /logo.png`).
    if (segment.trim() !== segment) throw refuse()
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw refuse()
  }
  return name
}

/** A bucket id/name under the rules the client checks too (docs/protocol/storage.md §4.4). */
export function parseBucketName(raw: string): string {
  if (!BUCKET_NAME.test(raw) || raw.trim() !== raw) throw ERRORS.InvalidBucketName(raw)
  return raw
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw ERRORS.InvalidKey(segment)
  }
}

/**
 * The `⟨bucket⟩/⟨name⟩` part of a route whose parameters start with the bucket, read from the raw URL and decoded one
 * segment at a time (the client sends paths unencoded and fetch encodes them; a decoded `%2F`
 * must not change how the path splits into bucket and name).
 */
export function bucketAndTail(c: Context): { bucket: string; tail: string } {
  // Segments of the route before its first parameter (`*` or `:bucket`) are fixed words.
  const fixedSegments = routePath(c)
    .split('/')
    .findIndex((s) => s === '*' || s.startsWith(':'))
  const segments = new URL(c.req.url).pathname.split('/').slice(fixedSegments)
  if (fixedSegments < 0 || segments.length === 0 || segments[0] === '')
    throw ERRORS.MissingParameter('bucket')
  const bucket = decodeSegment(segments[0])
  const tail = segments.slice(1).map(decodeSegment).join('/')
  return { bucket, tail }
}

/** Bucket and validated object name of an object route (`/object/…/⟨bucket⟩/⟨name⟩`). */
export function objectAddress(c: Context): { bucket: string; name: string } {
  const { bucket, tail } = bucketAndTail(c)
  if (tail === '') throw ERRORS.MissingParameter('wildcard')
  return { bucket, name: parseObjectName(tail) }
}

/** Bucket of a bucket-only route (`/object/list/⟨bucket⟩`). */
export function bucketAddress(c: Context): string {
  return bucketAndTail(c).bucket
}
