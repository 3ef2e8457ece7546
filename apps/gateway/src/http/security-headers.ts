import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'

/**
 * The response headers every answer of the gateway carries (issue 11 item 5; OWASP ASVS V14.4):
 * no framing (`frame-ancestors 'none'` and `X-Frame-Options: DENY`), no MIME sniffing, a referrer
 * cut to the origin on other sites, powerful browser features off, a browsing context of its own
 * (`Cross-Origin-Opener-Policy`), and HSTS on answers to requests that came over https.
 *
 * HTML pages get their Content-Security-Policy from the static site (it knows the page's inline
 * scripts and hashes them, see `pageContentSecurityPolicy`); every other answer (JSON, files from
 * storage, functions) gets `default-src 'none'`, so an uploaded HTML or SVG opened directly runs
 * nothing and cannot be framed.
 */
export interface SecurityHeaderOptions {
  /** SITE_URL: without a trusted X-Forwarded-Proto, a request counts as https when this is https. */
  siteUrl?: string
  /** TRUST_PROXY: the request's protocol is the first value of X-Forwarded-Proto when present. */
  trustProxy?: boolean
  /** HSTS_MAX_AGE_SECONDS (default one year); 0 sends no Strict-Transport-Security. */
  hstsMaxAgeSeconds?: number
  /** HSTS_INCLUDE_SUBDOMAINS (default true). */
  hstsIncludeSubdomains?: boolean
}

/**
 * Whether a request reached the site over https. The gateway itself speaks plain HTTP (TLS ends at
 * the proxy): behind a trusted proxy its X-Forwarded-Proto says so; otherwise the public origin
 * (SITE_URL) does. A client's own X-Forwarded-Proto counts only with TRUST_PROXY.
 */
export function requestIsHttps(
  forwardedProto: string | undefined,
  options: Pick<SecurityHeaderOptions, 'siteUrl' | 'trustProxy'>,
): boolean {
  if (options.trustProxy && forwardedProto) {
    return forwardedProto.split(',')[0].trim().toLowerCase() === 'https'
  }
  return options.siteUrl?.startsWith('https://') === true
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** Browser features the site never uses, off for every page and any frame it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ')

export function securityHeaders(options: SecurityHeaderOptions = {}): MiddlewareHandler {
  const fixed: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
  const maxAge = options.hstsMaxAgeSeconds ?? 31_536_000
  // Browsers ignore the header on plain http (RFC 6797 §8.1), and a plain-http local start must
  // stay reachable: it goes only on answers to https requests.
  const hsts =
    maxAge > 0
      ? `max-age=${maxAge}${options.hstsIncludeSubdomains === false ? '' : '; includeSubDomains'}`
      : undefined
  const apply = (headers: Headers, status: number, https: boolean) => {
    for (const [name, value] of Object.entries(fixed)) headers.set(name, value)
    if (hsts && https) headers.set('Strict-Transport-Security', hsts)
    // Never on a 304: the browser stores its headers over the cached page's own policy.
    if (status !== 304 && !headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY)
    headers.delete('X-Powered-By')
  }
  return async (c, next) => {
    await next()
    const https = hsts !== undefined && requestIsHttps(c.req.header('x-forwarded-proto'), options)
    try {
      apply(c.res.headers, c.res.status, https)
    } catch {
      // A response whose headers are immutable (one passed through from fetch): copy it first.
      const copy = new Response(c.res.body, c.res)
      apply(copy.headers, copy.status, https)
      c.res = copy
    }
  }
}

/** The `'sha256-…'` source of every inline `<script>` (no `src`) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${match[1]}`)) continue
    hashes.add(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** Hosts the pages embed (features/centre/components/map-embed.tsx: the OpenStreetMap iframe). */
const FRAME_SOURCES = ['https://www.openstreetmap.org']

/**
 * The Content-Security-Policy of one HTML page of the web app: scripts only from this origin and
 * the page's own inline blocks by hash (never `unsafe-inline` or `unsafe-eval`), data from this
 * origin and the configured backend, never framed. Styles keep `unsafe-inline`: React and Radix
 * write `style` attributes, and a style cannot run code.
 */
export function pageContentSecurityPolicy(html: string, backendUrl?: string): string {
  const backend = backendUrl ? new URL(backendUrl) : undefined
  const backendOrigins = backend
    ? [backend.origin, `${backend.protocol === 'https:' ? 'wss' : 'ws'}://${backend.host}`]
    : []
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScriptHashes(html)],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...(backend ? [backend.origin] : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...backendOrigins],
    ['frame-src', ...FRAME_SOURCES],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ]
  return directives.map((parts) => parts.join(' ')).join('; ')
}
