import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { createDiskBlobStore } from '../../src/blob-store/disk-blob-store.ts'
import { loadConfig } from '../../src/config.ts'
import { createDeps } from '../../src/deps.ts'
import { keysFromSecret } from '../../src/keys.ts'
import { createTestDatabase, type TestDatabase } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'

describe('the gateway shell', () => {
  let db: TestDatabase
  let gateway: Gateway | undefined
  let app: Gateway['app']
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'))
  let anonKey: string

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'))
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body></body></html>',
    )
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *')
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    db = await createTestDatabase('pglite')
    const config = loadConfig({ LOG_LEVEL: 'silent' })
    const keys = await keysFromSecret(TEST_JWT_SECRET)
    anonKey = keys.anonKey
    // No test here stores a file; the folder is never created.
    gateway = createApp(
      createDeps({ config, db, keys, blobStore: createDiskBlobStore(join(dist, '.blobs')) }),
      {
        webDist: dist,
      },
    )
    app = gateway.app
  })
  afterAll(async () => {
    await gateway?.stop()
    await db?.close()
  })

  it('answers /health after checking the database', async () => {
    const res = await app.request('/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' })
  })

  it('serves the web app for the home page and any deep link, uncached, with the anon key injected', async () => {
    for (const path of ['/', '/stores/fresh-basket-market', '/admin/shops/edit/123']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const html = await res.text()
      const config = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)
      expect(JSON.parse(config?.[1] ?? '{}')).toMatchObject({ anonKey })
    }
  })

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await app.request('/assets/index-abc123.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-type')).toContain('text/javascript')
    const icon = await app.request('/favicon.svg')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
  })

  it('serves the build’s robots.txt with the sitemap added (decision 016)', async () => {
    const robots = await app.request('/robots.txt')
    expect(robots.headers.get('content-type')).toContain('text/plain')
    expect(await robots.text()).toMatch(/^User-agent: \*\n\nSitemap: https?:\/\/\S+\/sitemap\.xml\n$/)
  })

  it('answers a missing asset with 404 rather than the app shell', async () => {
    expect((await app.request('/assets/index-gone.js')).status).toBe(404)
  })

  it('never serves files outside the build folder', async () => {
    const res = await app.request('/..%2F..%2Fpackage.json')
    expect(res.headers.get('content-type') ?? '').not.toContain('application/json')
  })

  it('answers CORS preflights on service prefixes with the headers the client must read', async () => {
    const res = await app.request('/rest/v1/shops', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey, authorization, x-client-info',
      },
    })
    expect(res.status).toBeLessThan(300)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey')
    const get = await app.request('/health', { headers: { origin: 'https://elsewhere.example' } })
    expect(get.status).toBe(200)
    const api = await app.request('/auth/v1/health', { headers: { origin: 'https://elsewhere.example' } })
    const exposed = api.headers.get('access-control-expose-headers') ?? ''
    for (const h of ['Content-Range', 'X-Supabase-Api-Version', 'X-Total-Count', 'Link', 'x-relay-error']) {
      expect(exposed).toContain(h)
    }
  })
})
