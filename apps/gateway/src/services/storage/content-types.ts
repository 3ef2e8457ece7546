import { ERRORS } from './errors.ts'

/** `image/png; charset=x` → `image/png` (lower case), the part bucket rules compare. */
export function baseType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase()
}

const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/

/** The declared type of an upload, or the default; a value that is not a media type is refused. */
export function parseContentType(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return 'application/octet-stream'
  const value = raw.trim()
  if (!CONTENT_TYPE.test(value) || value.length > 255) throw ERRORS.InvalidMimeType(value.slice(0, 255))
  return value
}

/** `allowed_mime_types` of a bucket, with wildcards (`image/*`, `*\/*`); null means anything. */
export function checkAllowedType(contentType: string, allowed: readonly string[] | null): void {
  if (!allowed || allowed.length === 0) return
  const type = baseType(contentType)
  const [major] = type.split('/')
  const ok = allowed.some((pattern) => {
    const p = pattern.trim().toLowerCase()
    return p === type || p === '*/*' || p === '*' || (p.endsWith('/*') && p.slice(0, -2) === major)
  })
  if (!ok) throw ERRORS.InvalidMimeType(contentType)
}

const MIME_PATTERN = /^([\w.+-]+|\*)\/([\w.+-]+|\*)$/

/** Validates a bucket's `allowed_mime_types` list as given to create/update. */
export function parseAllowedTypes(list: readonly string[]): string[] {
  for (const item of list) if (!MIME_PATTERN.test(item.trim())) throw ERRORS.InvalidMimeType(item)
  return list.map((item) => item.trim())
}

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b)
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

/** How many leading bytes `matchesSignature` needs to decide. */
export const SIGNATURE_BYTES = 32

// Leading bytes of the types whose content we can check. A file declared as one of these must
// really be one, so an HTML page cannot be stored as "image/png" and later served inline.
const SIGNATURES: Record<string, (head: Uint8Array) => boolean> = {
  'application/pdf': (h) => startsWith(h, ascii('%PDF-')),
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/gif': (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  'image/webp': (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  'image/avif': (h) =>
    startsWith(h, ascii('ftyp'), 4) && (startsWith(h, ascii('avif'), 8) || startsWith(h, ascii('avis'), 8)),
}

/** True when the type has no known signature or the head carries it. */
export function matchesSignature(contentType: string, head: Uint8Array): boolean {
  const check = SIGNATURES[baseType(contentType)]
  return check ? check(head) : true
}

// Types a browser renders passively; everything else (HTML, SVG, XML, scripts, unknown) is sent
// as an attachment so a stored file can never run as a page of this origin.
const PASSIVE = new Set([
  'application/pdf',
  'application/octet-stream',
  'application/json',
  'text/plain',
  'text/csv',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
])

export function isActiveType(contentType: string): boolean {
  const type = baseType(contentType)
  if (PASSIVE.has(type)) return false
  return !(type.startsWith('audio/') || type.startsWith('video/'))
}
