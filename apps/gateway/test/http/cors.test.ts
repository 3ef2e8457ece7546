import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

describe.each(drivers)('CORS for the browser client (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver)
  })
  afterAll(() => gw.close())

  it('answers preflights on every service prefix with the methods and headers the client sends', async () => {
    for (const prefix of ['/rest/v1/shops', '/auth/v1/token', '/storage/v1/object/x', '/functions/v1/f']) {
      const res = await gw.app.request(prefix, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://shop.example',
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': 'authorization, apikey, prefer, accept-profile, x-client-info',
        },
      })
      expect(res.status).toBeLessThan(300)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH')
      const allowed = res.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
      for (const h of [
        'authorization',
        'apikey',
        'prefer',
        'accept-profile',
        'content-profile',
        'range',
        'x-client-info',
      ]) {
        expect(allowed).toContain(h)
      }
    }
  })

  it('exposes the headers the client reads (Content-Range for counts among them) on REST replies', async () => {
    const res = await gw.app.request('/rest/v1/shops?select=id', {
      headers: { Origin: 'https://shop.example', apikey: gw.keys.anonKey, Prefer: 'count=exact' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/)
    for (const h of [
      'content-range',
      'x-supabase-api-version',
      'x-total-count',
      'link',
      'x-relay-error',
      'content-type',
      'retry-after',
      'location',
      'etag',
      'content-disposition',
    ]) {
      expect(exposed).toContain(h)
    }
    expect(res.headers.get('content-range')).toBe('*/0')
  })
})
