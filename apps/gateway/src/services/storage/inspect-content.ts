import { baseType, matchesSignature, SIGNATURE_BYTES } from './content-types.ts'
import { ERRORS } from './errors.ts'

/**
 * Checks an upload's bytes against its declared type while they stream to the blob store (issue 11
 * item 11; OWASP ASVS V12.2): a file claimed as an image must be one.
 *
 * - Types with a signature (PNG, JPEG, GIF, WebP, AVIF, PDF) must start with it.
 * - `image/svg+xml` must be an SVG document (root element `svg`) with nothing in it that can run
 *   or fetch code: no `<script>`, `<foreignObject>` or embedded documents, no `on…=` event
 *   handlers, no `javascript:`/`vbscript:`/`data:text/html` addresses (also when written with
 *   character references or split by white space), no animation that rewrites a link, no DTD
 *   internal subset or entity declarations. The whole file is scanned, chunk by chunk.
 * - Any other `image/*` type must not be markup (an HTML page declared as `image/x-icon`).
 *
 * A refusal is the storage protocol's 415 `InvalidMimeType` and nothing is stored.
 */
export interface ContentInspector {
  /** Looks at the next chunk; throws the storage error when the content is refused. */
  feed(chunk: Uint8Array): void
  /** The body ended: decides what was still undecided. */
  end(): void
}

/** Enough leading bytes to see that a body is markup (after a BOM and white space). */
const MARKUP_HEAD_BYTES = 512

export function inspectContent(contentType: string): ContentInspector {
  const type = baseType(contentType)
  const checks: ContentInspector[] = [signatureCheck(contentType)]
  if (type === 'image/svg+xml') checks.push(svgCheck(contentType))
  else if (type.startsWith('image/')) checks.push(notMarkupCheck(contentType))
  return {
    feed: (chunk) => {
      for (const check of checks) check.feed(chunk)
    },
    end: () => {
      for (const check of checks) check.end()
    },
  }
}

/** Collects the first `size` bytes, then calls `decide` once (or at the end, with fewer). */
function headCheck(size: number, decide: (head: Uint8Array) => void): ContentInspector {
  let head = new Uint8Array(0)
  let decided = false
  const run = () => {
    decided = true
    decide(head)
  }
  return {
    feed(chunk) {
      if (decided) return
      const joined = new Uint8Array(head.length + chunk.length)
      joined.set(head)
      joined.set(chunk, head.length)
      head = joined.subarray(0, size)
      if (head.length >= size) run()
    },
    end() {
      if (!decided) run()
    },
  }
}

function signatureCheck(contentType: string): ContentInspector {
  return headCheck(SIGNATURE_BYTES, (head) => {
    if (!matchesSignature(contentType, head)) throw ERRORS.ContentMismatch(contentType)
  })
}

function notMarkupCheck(contentType: string): ContentInspector {
  return headCheck(MARKUP_HEAD_BYTES, (head) => {
    // No binary image format starts with `<`; HTML, XML and SVG do.
    const text = new TextDecoder('latin1').decode(head).replace(/^(\uFEFF|ï»¿|\uFFFE|þÿ|ÿþ)/, '')
    if (/^[\s\0]*</.test(text)) throw ERRORS.ContentMismatch(contentType)
  })
}

/** Text carried from one chunk to the next, so a token split across chunks is still seen. */
const CARRY = 2048
/** How far into the file the root element must have started. */
const PROLOG_LIMIT = 16 * 1024

/** Markup an SVG image never needs and that can run or load code. */
const ACTIVE_ELEMENTS =
  /<\s*(?:[\w-]+:)?(script|foreignobject|iframe|frame|frameset|embed|object|applet|meta|link|base|handler|listener|html|body)\b/i
/** `onload=`, `onclick =`, … as an attribute (after white space, a quote or a slash). */
const EVENT_HANDLER = /[\s"'/]on[a-z]+\s*=/i
/** `<set attributeName="href">`/`<animate …>`: rewrites a link after the checks. */
const ANIMATED_LINK = /attributename\s*=\s*["']?\s*(?:xlink:)?href/i
/** DTD entity declarations (billion laughs, external entities) and internal subsets. */
const DTD_TRICKS = /<!entity|<!doctype[^>]*\[/i
/** Character references too long to be honest, written to slip past the checks below. */
const PADDED_REFERENCE = /&#(?:x0*[0-9a-f]{7,}|0*[0-9]{8,}|x0{3,}|0{4,})/i
/** Addresses that run code, once references are decoded and white space removed. */
const ACTIVE_URL = /(?:java|vb)script:|data:(?:text\/html|application\/xhtml|image\/svg)/

/** Decodes numeric character references and the named ones that spell URL syntax. */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]{1,7});?/g, (_m, dec: string) => {
      const code = Number(dec)
      return code <= 0x10ffff ? String.fromCodePoint(code) : ''
    })
    .replace(/&(colon|tab|newline|sol|lpar|rpar);?/gi, (_m, name: string) => {
      const named: Record<string, string> = {
        colon: ':',
        tab: '',
        newline: '',
        sol: '/',
        lpar: '(',
        rpar: ')',
      }
      return named[name.toLowerCase()] ?? ''
    })
}

/** Why this stretch of SVG text is refused, if it is. */
function activeSvgContent(text: string): string | undefined {
  if (ACTIVE_ELEMENTS.test(text)) return 'an element that can run or embed code'
  if (EVENT_HANDLER.test(text)) return 'an event handler attribute'
  if (ANIMATED_LINK.test(text)) return 'an animated link'
  if (DTD_TRICKS.test(text)) return 'a DTD with declarations'
  if (PADDED_REFERENCE.test(text)) return 'a padded character reference'
  // Browsers ignore white space and control characters inside a URL's scheme.
  const compact = decodeReferences(text)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\s\u0000-\u001f\u007f]+/g, '')
    .toLowerCase()
  if (ACTIVE_URL.test(compact)) return 'an address that runs code'
  return undefined
}

/** 'svg' once the root element is an `<svg>`, 'other' when it is anything else, else undecided. */
function rootOf(prolog: string): 'svg' | 'other' | undefined {
  let rest = prolog.replace(/^\uFEFF/, '')
  for (;;) {
    rest = rest.replace(/^\s+/, '')
    if (rest === '') return undefined
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>')
      if (end < 0) return undefined
      rest = rest.slice(end + 2)
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->')
      if (end < 0) return undefined
      rest = rest.slice(end + 3)
    } else if (/^<!doctype/i.test(rest)) {
      const end = rest.indexOf('>')
      if (end < 0) return undefined
      rest = rest.slice(end + 1)
    } else if (
      rest.length < 10 &&
      ['<?', '<!--', '<!doctype', '<svg '].some((p) => p.startsWith(rest.toLowerCase()))
    ) {
      // Too little yet to tell which it is.
      return undefined
    } else {
      return /^<svg[\s>/]/.test(rest) ? 'svg' : 'other'
    }
  }
}

function svgCheck(contentType: string): ContentInspector {
  const decoder = new TextDecoder('utf-8')
  let carry = ''
  let prolog = ''
  let root: 'svg' | 'other' | undefined
  let first = true
  const refuse = () => ERRORS.ContentMismatch(contentType)
  const scan = (text: string, final: boolean) => {
    if (root === undefined) {
      prolog += text
      root = rootOf(prolog)
      if (root === undefined && (final || prolog.length > PROLOG_LIMIT)) root = 'other'
      if (root === 'other') throw refuse()
      if (root === 'svg') prolog = ''
    }
    const window = carry + text
    if (activeSvgContent(window) !== undefined) throw refuse()
    carry = window.slice(-CARRY)
  }
  return {
    feed(chunk) {
      if (first) {
        first = false
        // UTF-16 (a BOM of FE FF or FF FE) would hide every pattern from the byte-level scan.
        if ((chunk[0] === 0xfe && chunk[1] === 0xff) || (chunk[0] === 0xff && chunk[1] === 0xfe))
          throw refuse()
      }
      scan(decoder.decode(chunk, { stream: true }), false)
    },
    end() {
      scan(decoder.decode(), true)
    },
  }
}
