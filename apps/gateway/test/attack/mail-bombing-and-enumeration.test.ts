import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authRequest, countMails } from '../auth/helpers.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * Issue 11, items 7 and 8: nobody can flood an address with auth mails or enquiry
 * acknowledgements, and the mail routes tell nothing about which addresses have an account —
 * neither by their answer nor by how long the answer takes.
 */
const ENV = {
  // The general per-address request limits stay out of the way: the cooldown is under test.
  AUTH_RATE_LIMIT_EMAIL: '1000',
  AUTH_RATE_LIMIT_SIGN_IN: '1000',
  FUNCTIONS_RATE_LIMIT: '1000',
}

const UNKNOWN = 'nobody-here@example.com'

describe.each(drivers)('mail bombing (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true, env: { ...ENV, ENQUIRY_ACK_DAILY_LIMIT: '2' } })
  })
  afterAll(() => gw.close())

  it.each([
    ['recovery', '/recover', DEMO.tenantB.email, (email: string) => ({ email })],
    ['magic link', '/otp', DEMO.tenantA.email, (email: string) => ({ email, create_user: false })],
    ['confirmation', '/resend', DEMO.admin.email, (email: string) => ({ email, type: 'signup' })],
  ])(
    'sends one %s mail per address per minute, known or unknown, however often it is asked',
    async (_kind, path, known, body) => {
      for (const email of [known, `nobody${path.replace('/', '-')}@example.com`]) {
        const first = await authRequest(gw, path, { body: body(email) })
        expect(first.status, email).toBe(200)
        const statuses: number[] = []
        for (let i = 0; i < 8; i++) {
          const res = await authRequest(gw, path, { body: body(email) })
          statuses.push(res.status)
          if (res.status === 429) {
            expect(await res.json()).toMatchObject({
              code: 'over_email_send_rate_limit',
              message: expect.stringMatching(
                /^For security purposes, you can only request this after \d+ seconds\.$/,
              ),
            })
            const wait = Number(res.headers.get('retry-after'))
            expect(wait).toBeGreaterThan(0)
            expect(wait).toBeLessThanOrEqual(60)
          }
        }
        expect(statuses, email).toEqual(Array(8).fill(429))
      }
      // Another address is not held up by the first one's cooldown.
      const other = await authRequest(gw, path, { body: body(`other${path.replace('/', '-')}@example.com`) })
      expect(other.status).toBe(200)
    },
  )

  it('delivered at most one mail to each address asked nine times', async () => {
    expect(await countMails(gw, DEMO.tenantB.email)).toBe(1) // one recovery link
    expect(await countMails(gw, DEMO.tenantA.email)).toBe(1) // one magic link
    // A confirmed account has no sign-up confirmation to resend; unknown addresses get nothing.
    expect(await countMails(gw, DEMO.admin.email)).toBe(0)
    for (const path of ['recover', 'otp', 'resend'])
      expect(await countMails(gw, `nobody-${path}@example.com`)).toBe(0)
  })

  it('holds the cooldown across mail kinds: a recovery right after a magic link waits too', async () => {
    const res = await authRequest(gw, '/recover', { body: { email: DEMO.tenantA.email } })
    expect(res.status).toBe(429)
  })

  it('acknowledges at most the daily ceiling of enquiries to one address, keeping every enquiry', async () => {
    const visitor = 'Flood.Target@Example.com'
    for (let i = 0; i < 5; i++) {
      const { error } = await gw.client().functions.invoke('send-enquiry-email', {
        body: {
          name: 'Someone',
          email: i % 2 === 0 ? visitor : visitor.toLowerCase(),
          message: `Enquiry ${i}`,
          enquiryType: 'general',
          source: 'contact_page',
        },
      })
      expect(error).toBeNull()
    }
    const { rows: stored } = await gw.db.query<{ n: number }>(
      "select count(*)::int as n from public.enquiries where lower(email) = 'flood.target@example.com'",
    )
    expect(stored[0].n).toBe(5)
    const { rows: mails } = await gw.db.query<{ category: string; n: number }>(
      `select category, count(*)::int as n from private.mail_outbox
        where created_at > now() - interval '1 hour' and category in ('enquiry-contact', 'enquiry-acknowledgement')
          and (lower(reply_to) = 'flood.target@example.com' or 'flood.target@example.com' = any(to_addresses)
               or 'Flood.Target@Example.com' = any(to_addresses))
        group by category order by category`,
    )
    expect(mails).toEqual([
      { category: 'enquiry-acknowledgement', n: 2 },
      { category: 'enquiry-contact', n: 5 },
    ])
  })
})

describe.each(drivers)('account enumeration (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: { ...ENV, AUTH_SMTP_MAX_FREQUENCY_SECONDS: '0' },
    })
  })
  afterAll(() => gw.close())

  it('answers /otp without create_user alike for a known and an unknown address', async () => {
    const known = await authRequest(gw, '/otp', { body: { email: DEMO.tenantA.email, create_user: false } })
    const unknown = await authRequest(gw, '/otp', { body: { email: UNKNOWN, create_user: false } })
    expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()])
    expect(known.status).toBe(200)
    // Only the real account got a mail, and no account was made for the unknown address.
    expect(await countMails(gw, DEMO.tenantA.email)).toBe(1)
    expect(await countMails(gw, UNKNOWN)).toBe(0)
    const { rows } = await gw.db.query('select 1 from auth.users where email = $1', [UNKNOWN])
    expect(rows).toEqual([])
  })

  it('answers /recover, /otp and /resend before looking the address up, so both take alike', async () => {
    // Hold every database transaction: a route that looked the address up before answering
    // (longer for a real account: token, audit row) could not answer until it is released.
    const db = gw.deps.db
    const original = db.transaction.bind(db)
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let held = 0
    db.transaction = (async (fn: Parameters<typeof original>[0]) => {
      held += 1
      await gate
      return original(fn)
    }) as typeof db.transaction
    try {
      for (const [path, body] of [
        ['/recover', (email: string) => ({ email })],
        ['/otp', (email: string) => ({ email, create_user: false })],
        ['/resend', (email: string) => ({ email, type: 'signup' })],
      ] as const) {
        for (const email of [DEMO.tenantA.email, UNKNOWN]) {
          const res = await authRequest(gw, path, { body: body(email) })
          expect([path, email, res.status, await res.text()]).toEqual([path, email, 200, '{}'])
        }
      }
      // Every lookup is still waiting behind the gate: none of the answers depended on one.
      expect(held).toBe(6)
    } finally {
      db.transaction = original
      release()
    }
    await gw.deps.background.settled()
    expect(await countMails(gw, UNKNOWN)).toBe(0)
  })
})
