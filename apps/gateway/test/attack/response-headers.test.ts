import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createDeps } from '../../src/deps.ts'
import { staticSite } from '../../src/http/static-site.ts'
import { keysFromSecret } from '../../src/keys.ts'
import { createTestDatabase, type TestDatabase } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'

/**
 * Issue 11, item 5: every answer carries the hardening headers; HTML pages carry a
 * Content-Security-Policy that allows no inline script except the page's own blocks by hash, and
 * cannot be framed; a malformed path is a 400, never a 500.
 */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The directives of a CSP header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) map.set(name, values)
  }
  return map
}

describe('response headers', () => {
  let db: TestDatabase
  const gateways: Gateway[] = []
  let dist: string
  const inline = 'window.__first = 1'

  const build = async (env: Record<string, string> = {}) => {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...env })
    const keys = await keysFromSecret(TEST_JWT_SECRET)
    const gateway = createApp(createDeps({ config, db, keys }), { webDist: dist })
    gateways.push(gateway)
    return gateway.app
  }
  let app: Awaited<ReturnType<typeof build>>

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'))
    mkdirSync(join(dist, 'assets'))
    mkdirSync(join(dist, 'pages'))
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    )
    // A prerendered page with an inline script of its own (the build's first paint may carry one).
    writeFileSync(
      join(dist, 'pages', 'home.html'),
      `<!doctype html><html><head><script>${inline}</script></head><body><div id="root">x</div></body></html>`,
    )
    writeFileSync(join(dist, 'prerendered.json'), JSON.stringify({ '/': 'pages/home.html' }))
    writeFileSync(join(dist, 'assets', 'app.js'), 'export {}')
    db = await createTestDatabase('pglite')
    app = await build()
  })
  afterAll(async () => {
    for (const gateway of gateways) await gateway.stop()
    await db?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('gives every HTML page a CSP without inline script, with the hash of each inline block', async () => {
    for (const path of ['/', '/tenant/dashboard', '/admin']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      const html = await res.text()
      const csp = directives(res.headers.get('content-security-policy'))
      const scriptSrc = csp.get('script-src') ?? []
      expect(scriptSrc).toContain("'self'")
      expect(scriptSrc).not.toContain("'unsafe-inline'")
      expect(scriptSrc).not.toContain("'unsafe-eval'")
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('base-uri')).toEqual(["'self'"])
      expect(csp.get('frame-ancestors')).toEqual(["'none'"])
      // The injected config block is covered by its hash.
      const config = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1]
      expect(config).toBeDefined()
      expect(scriptSrc).toContain(sha256(config ?? ''))
    }
    // The prerendered home page's own inline script is allowed by its hash, and only there.
    const home = directives((await app.request('/')).headers.get('content-security-policy'))
    expect(home.get('script-src')).toContain(sha256(inline))
    const other = directives((await app.request('/stores')).headers.get('content-security-policy'))
    expect(other.get('script-src')).not.toContain(sha256(inline))
  })

  it('keeps the page its own CSP when the browser revalidates it (304)', async () => {
    for (const path of ['/', '/tenant/dashboard']) {
      const first = await app.request(path)
      const etag = first.headers.get('etag') ?? ''
      const again = await app.request(path, { headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
      // Browsers replace the cached headers with a 304's: an API policy here would block the app.
      expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
    }
  })

  it('sends the hardening headers on pages, files, API answers and errors alike', async () => {
    const answers = [
      await app.request('/'),
      await app.request('/assets/app.js'),
      await app.request('/rest/v1/shops'),
      await app.request('/auth/v1/settings'),
      await app.request('/assets/missing.js'),
      await app.request('/rest/v1/no_such_table'),
    ]
    for (const res of answers) {
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('permissions-policy')).toContain('camera=()')
      expect(res.headers.get('permissions-policy')).toContain('geolocation=()')
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(res.headers.get('x-powered-by')).toBeNull()
      expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
        "'none'",
      ])
      // SITE_URL is http here: no HSTS, which would pin a plain local start to https.
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it('lets nothing run in a non-HTML answer opened as a page', async () => {
    const res = await app.request('/rest/v1/shops')
    expect(directives(res.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"])
  })

  it('sends HSTS when the site is served over https', async () => {
    const https = await build({ SITE_URL: 'https://centre.example' })
    for (const path of ['/', '/rest/v1/shops']) {
      const res = await https.request(path)
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('behind a trusted proxy, sends HSTS on answers to https requests only (X-Forwarded-Proto)', async () => {
    const proxied = await build({
      SITE_URL: 'https://centre.example',
      TRUST_PROXY: 'true',
      HSTS_MAX_AGE_SECONDS: '63072000',
      HSTS_INCLUDE_SUBDOMAINS: 'false',
    })
    for (const path of ['/', '/rest/v1/shops', '/no/such/page']) {
      const overHttps = await proxied.request(path, { headers: { 'X-Forwarded-Proto': 'https' } })
      expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=63072000')
      const overHttp = await proxied.request(path, { headers: { 'X-Forwarded-Proto': 'http' } })
      expect(overHttp.headers.get('strict-transport-security')).toBeNull()
    }
    // A chain of proxies: the first value is the client's side.
    const chained = await proxied.request('/', { headers: { 'X-Forwarded-Proto': 'https, http' } })
    expect(chained.headers.get('strict-transport-security')).toBe('max-age=63072000')
    // Without TRUST_PROXY a client's own X-Forwarded-Proto changes nothing.
    const local = await build({ SITE_URL: 'http://localhost:8080' })
    const claimed = await local.request('/', { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(claimed.headers.get('strict-transport-security')).toBeNull()
  })

  it('sends no HSTS at all with HSTS_MAX_AGE_SECONDS=0', async () => {
    const off = await build({
      SITE_URL: 'https://centre.example',
      TRUST_PROXY: 'true',
      HSTS_MAX_AGE_SECONDS: '0',
    })
    for (const path of ['/', '/rest/v1/shops']) {
      const res = await off.request(path, { headers: { 'X-Forwarded-Proto': 'https' } })
      expect(res.headers.get('strict-transport-security')).toBeNull()
      expect(res.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  it('lets pages reach a backend on another origin when one is configured', async () => {
    // The static site alone, as app.ts wires it, with the backend on another origin.
    const site = new Hono()
    site.get('*', staticSite(dist, { anonKey: 'k', supabaseUrl: 'https://api.centre.example' }))
    const csp = directives((await site.request('/stores')).headers.get('content-security-policy'))
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://api.centre.example',
      'wss://api.centre.example',
    ])
    expect(csp.get('img-src')).toContain('https://api.centre.example')
  })

  it('answers a malformed percent-escape in the path with 400, not 500', async () => {
    for (const path of ['/%E0%A4%A', '/stores/%E0%A4%A', '/%']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(400)
      expect(res.headers.get('x-frame-options')).toBe('DENY')
    }
  })
})
