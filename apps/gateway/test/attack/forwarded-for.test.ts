import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORDS } from '../auth/helpers.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * Decision 036: behind proxies that append to X-Forwarded-For, whatever a client writes into the
 * header itself (the leftmost values) changes neither the address its sign-in failures count
 * against nor the address the audit log records. `TRUST_PROXY=true` is one proxy, `2` two (a load
 * balancer in front of the proxy); without TRUST_PROXY the header is ignored altogether.
 */
const GUESSER = '203.0.113.9'
const OWNER = '198.51.100.7'

const settings = [
  // One proxy: it appends the address it saw.
  { name: 'TRUST_PROXY=true', env: 'true', via: (seen: string) => [seen] },
  // A load balancer appends the client's address, then the proxy behind it appends the balancer's.
  { name: 'TRUST_PROXY=2', env: '2', via: (seen: string) => [seen, '10.0.0.2'] },
] as const

describe.each(drivers)('X-Forwarded-For written by the client (%s)', (driver) => {
  describe.each(settings)('$name', ({ env, via }) => {
    let gw: TestGateway
    beforeAll(async () => {
      gw = await createTestGateway(driver, {
        seed: true,
        env: {
          TRUST_PROXY: env,
          AUTH_RATE_LIMIT_SIGN_IN: '3',
          AUTH_SIGN_IN_SLOWDOWN_MS: '20',
          AUTH_RATE_LIMIT_WINDOW_SECONDS: '300',
        },
      })
    })
    afterAll(() => gw.close())

    /** A sign-in from `seen` (the address the proxies saw) whose own header starts with `forged`. */
    const signIn = (seen: string, forged: string, password: string) =>
      gw.app.request('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: {
          apikey: gw.keys.anonKey,
          'content-type': 'application/json',
          'x-forwarded-for': [forged, ...via(seen)].join(', '),
        },
        body: JSON.stringify({ email: DEMO.tenantA.email, password }),
      })

    it("counts a guesser's failures against the address the proxies saw, and logs that address, whatever it forges", async () => {
      // Each guess names another address of its own, the last one the owner's.
      for (const [i, forged] of ['192.0.2.1', '192.0.2.2', '192.0.2.3'].entries()) {
        expect((await signIn(GUESSER, forged, `wrong guess ${i}`)).status).toBe(400)
      }
      const refused = await signIn(GUESSER, OWNER, DEMO_PASSWORDS.tenantA)
      expect(refused.status).toBe(429)
      // The owner, from their own address, is not locked out by what the guesser wrote.
      expect((await signIn(OWNER, GUESSER, DEMO_PASSWORDS.tenantA)).status).toBe(200)
      const { rows } = await gw.db.query<{ ip: string }>(
        `select ip_address as ip from auth.audit_log_entries
          where payload ->> 'action' in ('user_signin_locked', 'login') and payload ->> 'actor_username' = $1
          order by created_at`,
        [DEMO.tenantA.email],
      )
      expect(rows.map((r) => r.ip)).toEqual([GUESSER, OWNER])
    })
  })
})

describe.each(drivers)('X-Forwarded-For without TRUST_PROXY (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: {
        AUTH_RATE_LIMIT_SIGN_IN: '3',
        AUTH_SIGN_IN_SLOWDOWN_MS: '20',
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '300',
      },
    })
  })
  afterAll(() => gw.close())

  it('is ignored: guesses naming three addresses count against the one the request came from', async () => {
    const signIn = (forwardedFor: string, password: string) =>
      gw.app.request('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: {
          apikey: gw.keys.anonKey,
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
        },
        body: JSON.stringify({ email: DEMO.tenantA.email, password }),
      })
    for (const [i, forged] of ['192.0.2.1', '192.0.2.2', '192.0.2.3'].entries()) {
      expect((await signIn(forged, `wrong guess ${i}`)).status).toBe(400)
    }
    expect((await signIn('198.51.100.7', DEMO_PASSWORDS.tenantA)).status).toBe(429)
    const { rows } = await gw.db.query<{ ip: string }>(
      `select ip_address as ip from auth.audit_log_entries
        where payload ->> 'action' = 'user_signin_locked' and payload ->> 'actor_username' = $1`,
      [DEMO.tenantA.email],
    )
    // In-process requests have no socket: the gateway's name for that address.
    expect(rows.map((r) => r.ip)).toEqual(['local'])
  })
})
