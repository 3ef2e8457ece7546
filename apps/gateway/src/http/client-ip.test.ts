import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientIp } from './rate-limit.ts'

/** The address `clientIp` takes for a request with this X-Forwarded-For, behind `proxies` proxies. */
async function addressFor(proxies: number, forwardedFor?: string): Promise<string> {
  const app = new Hono()
  app.get('/', (c) => c.text(clientIp(c, proxies)))
  const res = await app.request('/', {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  })
  return res.text()
}

describe('clientIp behind TRUST_PROXY proxies (decision 036)', () => {
  it('without trusted proxies ignores X-Forwarded-For: the socket peer (none in-process: "local")', async () => {
    expect(await addressFor(0, '203.0.113.9')).toBe('local')
    expect(await addressFor(0)).toBe('local')
  })

  it('behind one proxy takes the rightmost value, the one the proxy appended, whatever the client wrote before it', async () => {
    expect(await addressFor(1, '203.0.113.9')).toBe('203.0.113.9')
    expect(await addressFor(1, '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9')
    expect(await addressFor(1, '198.51.100.7,198.51.100.8 ,  203.0.113.9 ')).toBe('203.0.113.9')
    expect(await addressFor(1)).toBe('local')
  })

  it('behind n proxies takes the n-th value from the right, or the leftmost when there are fewer', async () => {
    // The client's forged value, the client as the load balancer saw it, the balancer as the proxy saw it.
    expect(await addressFor(2, '198.51.100.7, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9')
    expect(await addressFor(3, '198.51.100.7, 203.0.113.9, 10.0.0.2')).toBe('198.51.100.7')
    expect(await addressFor(2, '203.0.113.9')).toBe('203.0.113.9')
    // Empty values (a stray comma) are not addresses and are not counted.
    expect(await addressFor(2, '198.51.100.7, 203.0.113.9,, 10.0.0.2')).toBe('203.0.113.9')
  })
})
