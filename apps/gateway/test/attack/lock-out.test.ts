import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORDS } from '../auth/helpers.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * Issue 11, item 3: password guessing is stopped where it comes from, and nobody can lock the
 * real owner out. Failures count per (account, address), per address and in total; the owner's
 * own address is slowed down, never blocked; each lock-out is in the audit log for the admin.
 * Client addresses come from X-Forwarded-For (TRUST_PROXY), as behind the centre's proxy.
 */
type Who = keyof typeof DEMO_PASSWORDS

function signIn(gw: TestGateway, from: string, email: string, password: string): Promise<Response> {
  return Promise.resolve(
    gw.app.request('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: {
        apikey: gw.keys.anonKey,
        authorization: `Bearer ${gw.keys.anonKey}`,
        'content-type': 'application/json',
        'x-forwarded-for': from,
      },
      body: JSON.stringify({ email, password }),
    }),
  )
}
const asOwner = (gw: TestGateway, from: string, who: Who) =>
  signIn(gw, from, DEMO[who].email, DEMO_PASSWORDS[who])
const guess = (gw: TestGateway, from: string, who: Who, n: number) =>
  signIn(gw, from, DEMO[who].email, `wrong guess ${n}`)

async function lockOuts(gw: TestGateway, email: string) {
  const { rows } = await gw.db.query<{ ip: string; reason: string }>(
    `select ip_address as ip, payload -> 'traits' ->> 'reason' as reason from auth.audit_log_entries
      where payload ->> 'action' = 'user_signin_locked' and payload ->> 'actor_username' = $1
      order by created_at`,
    [email],
  )
  return rows
}

const ENV = {
  TRUST_PROXY: 'true',
  AUTH_RATE_LIMIT_SIGN_IN: '3',
  AUTH_SIGN_IN_FAILURES_PER_ADDRESS: '6',
  AUTH_SIGN_IN_FAILURES_PER_ACCOUNT: '5',
  AUTH_SIGN_IN_SLOWDOWN_MS: '20',
  AUTH_RATE_LIMIT_WINDOW_SECONDS: '300',
}

describe.each(drivers)('sign-in lock-out (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true, env: ENV })
  })
  afterAll(() => gw.close())

  it("stops a guesser's address for the account, and lets the owner in from elsewhere", async () => {
    const attacker = '203.0.113.9'
    for (let i = 0; i < 3; i++) expect((await guess(gw, attacker, 'tenantA', i)).status).toBe(400)
    // The guesser's address is refused now, even with the right password…
    const blocked = await asOwner(gw, attacker, 'tenantA')
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toMatchObject({ code: 'over_request_rate_limit' })
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // …while the owner, somewhere else, signs in.
    const owner = await asOwner(gw, '198.51.100.7', 'tenantA')
    expect(owner.status).toBe(200)
    expect(await owner.json()).toHaveProperty('access_token')
    // The admin can see the lock-out, with the address it came from.
    expect(await lockOuts(gw, DEMO.tenantA.email)).toEqual([
      { ip: attacker, reason: 'failures from this address for this account' },
    ])
  })

  it("slows down rather than blocks the owner's own address when a guesser shares it", async () => {
    const office = '192.0.2.50'
    // The owner has signed in from the office before: it is their address.
    expect((await asOwner(gw, office, 'tenantB')).status).toBe(200)
    // Someone else on the same network guesses.
    for (let i = 0; i < 4; i++) expect((await guess(gw, office, 'tenantB', i)).status).toBe(400)
    // Still only slowed: the owner gets in from the office.
    expect((await asOwner(gw, office, 'tenantB')).status).toBe(200)
    // A new address guessing the same account is blocked as usual.
    for (let i = 0; i < 3; i++) expect((await guess(gw, '203.0.113.10', 'tenantB', i)).status).toBe(400)
    expect((await guess(gw, '203.0.113.10', 'tenantB', 9)).status).toBe(429)
  })

  it('stops one address guessing across many accounts, and only that address', async () => {
    const sprayer = '203.0.113.77'
    for (let i = 0; i < 6; i++) {
      const res = await signIn(gw, sprayer, `someone-${i}@example.com`, 'Summer2026!')
      expect(res.status).toBe(400)
    }
    expect((await signIn(gw, sprayer, 'someone-else@example.com', 'Summer2026!')).status).toBe(429)
    expect((await asOwner(gw, sprayer, 'admin')).status).toBe(429)
    expect((await asOwner(gw, '198.51.100.8', 'admin')).status).toBe(200)
    const logged = await gw.db.query<{ n: number }>(
      `select count(*)::int as n from auth.audit_log_entries
        where payload ->> 'action' = 'user_signin_locked' and ip_address = $1
          and payload -> 'traits' ->> 'reason' = 'failures from this address across accounts'`,
      [sprayer],
    )
    expect(logged.rows[0].n).toBe(1)
  })

  it('never blocks an account guessed from many addresses: the owner is only slowed down', async () => {
    for (let i = 0; i < 8; i++) expect((await guess(gw, `198.18.0.${i + 1}`, 'admin', i)).status).toBe(400)
    // Past the account's threshold: every address is slowed, none refused for the account alone.
    expect((await asOwner(gw, '198.51.100.99', 'admin')).status).toBe(200)
    expect((await lockOuts(gw, DEMO.admin.email)).map((r) => r.reason)).toContain(
      'failures for this account from every address (slowed down, not blocked)',
    )
  })
})

describe.each(drivers)('sign-in global ceiling (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: { ...ENV, AUTH_RATE_LIMIT_SIGN_IN: '100', AUTH_SIGN_IN_GLOBAL_FAILURES: '4' },
    })
  })
  afterAll(() => gw.close())

  it('refuses new addresses once the whole gateway is over its ceiling, but not the owner at home', async () => {
    expect((await asOwner(gw, '192.0.2.1', 'tenantA')).status).toBe(200)
    for (let i = 0; i < 4; i++) {
      expect((await signIn(gw, `198.18.1.${i + 1}`, `x${i}@example.com`, 'guess')).status).toBe(400)
    }
    expect((await asOwner(gw, '198.18.1.200', 'tenantB')).status).toBe(429)
    expect((await asOwner(gw, '192.0.2.1', 'tenantA')).status).toBe(200)
  })
})
