import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { staticSite } from './static-site.ts'

function site() {
  const dir = `${mkdtempSync(join(tmpdir(), 'static-site-'))}/`
  writeFileSync(join(dir, 'index.html'), '<html><head></head><body></body></html>')
  writeFileSync(join(dir, 'app.js'), 'console.log("hello")')
  writeFileSync(join(dir, 'app.js.br'), 'BROTLI')
  writeFileSync(join(dir, 'app.js.gz'), gzipSync('console.log("hello")'))
  writeFileSync(join(dir, 'plain.js'), 'plain')
  const app = new Hono()
  app.get('*', staticSite(dir, { anonKey: 'anon' }))
  return app
}

describe('staticSite serves precompressed copies', () => {
  it('prefers brotli when the browser accepts it', async () => {
    const res = await site().request('/app.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toContain('text/javascript')
    expect(res.headers.get('vary')).toBe('accept-encoding')
    expect(await res.text()).toBe('BROTLI')
  })

  it('falls back to gzip, and to the file itself without an accepted encoding', async () => {
    const gz = await site().request('/app.js', { headers: { 'accept-encoding': 'gzip, br;q=0' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const raw = await site().request('/app.js')
    expect(raw.headers.get('content-encoding')).toBeNull()
    expect(await raw.text()).toBe('console.log("hello")')
  })

  it('serves files without compressed copies as they are', async () => {
    const res = await site().request('/plain.js', { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe('plain')
  })
})
