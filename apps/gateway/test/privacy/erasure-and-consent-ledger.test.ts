import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON, asCaller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { actAs, inRolledBack } from '../rls/act-as.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { asUser, DEMO, signToken, userClaims } from '../support/tokens.ts'

type Client = ReturnType<TestGateway['client']>

const PERSON = 'naledi.reader@example.com'
const OTHER = 'thabo.reader@example.com'
/** The suppression list's hash (private.email_hash): SHA-256 of the trimmed, lower-cased address. */
const hashOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

const admin = asUser(DEMO.admin, { aal: 'aal2' })
const REDACTOR = { role: 'consent_redactor', claims: {} }

interface LedgerRow {
  email: string | null
  email_hash: string | null
  event: string
  source: string
  wording: string
  ip_address: string | null
  user_agent: string | null
}

/**
 * Erasure and the newsletter's consent ledger (issues 14 and 20; decision 020, migration
 * 20261127200000): after an admin erases an address, the append-only ledger and the delivery rows
 * keep no address, only the hash the suppression list keeps; the events, times and wording stay as
 * the proof. Nobody can otherwise change or remove a ledger entry, whatever their role.
 */
describe.each(drivers)('erasure and the consent ledger (%s)', (driver) => {
  let gw: TestGateway
  let anon: Client
  let tenantA: Client
  let adminClient: Client
  let adminAal1: Client
  let service: Client

  const ledgerOf = async (where: string, params: unknown[]) =>
    (
      await gw.db.query<LedgerRow>(
        `select email, email_hash, event, source, wording, ip_address, user_agent
           from public.newsletter_consent_events where ${where} order by id`,
        params,
      )
    ).rows
  const deliveriesOf = async (where: string, params: unknown[]) =>
    (
      await gw.db.query<{
        email: string | null
        email_hash: string | null
        status: string
        error: string | null
      }>(
        `select email, email_hash, status, error from public.newsletter_deliveries where ${where} order by id`,
        params,
      )
    ).rows

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    anon = gw.client()
    tenantA = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET) })
    adminClient = gw.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
    })
    adminAal1 = gw.client({ accessToken: await signToken(userClaims(DEMO.admin), TEST_JWT_SECRET) })
    service = gw.client({ key: gw.keys.serviceRoleKey })

    // Two readers sign up and confirm as the public form does (address and browser recorded),
    // then an issue is queued for them; one of the person's deliveries failed with a reply that
    // quotes the address.
    await asCaller(gw.db, SERVICE_ROLE, async (tx) => {
      for (const email of [PERSON, OTHER]) {
        const { rows } = await tx.query<{ confirm_token: string }>(
          `select * from public.newsletter_request_subscription($1, 'homepage', 'I agree to receive news', '192.0.2.7', 'Firefox')`,
          [email],
        )
        await tx.query(`select * from public.newsletter_confirm_subscription($1, '192.0.2.7', 'Firefox')`, [
          rows[0].confirm_token,
        ])
      }
    })
    await asCaller(gw.db, admin, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.newsletters (subject, body) values ('Spring news', '# Spring') returning id`,
      )
      await tx.query('select public.send_newsletter($1)', [rows[0].id])
    })
    await gw.db.query(
      `update public.newsletter_deliveries set status = 'failed', error = $2 where lower(email) = $1`,
      [PERSON, `550 5.1.1 <${PERSON}>: mailbox unavailable`],
    )
  })
  afterAll(() => gw?.close())

  const erase = (client: Client, query: string) =>
    client.rpc('privacy_erase_person', { query, reason: 'The reader asked to be forgotten' })

  it('nobody but an admin with the second factor can erase: the ledger keeps the address meanwhile', async () => {
    for (const [who, client] of [
      ['anon', anon],
      ['tenant', tenantA],
      ['service_role', service],
      ['admin aal1', adminAal1],
    ] as const) {
      const { error } = await erase(client, PERSON)
      expect(error?.code, who).toMatch(/^(42501|PGRST202)$/)
    }
    expect((await ledgerOf('lower(email) = $1', [PERSON])).length).toBe(2)
    expect((await deliveriesOf('lower(email) = $1', [PERSON])).length).toBe(1)
  })

  it('an ordinary update or delete of the ledger is refused for every role, the owner and the redactor included', async () => {
    const statements = [
      `update public.newsletter_consent_events set wording = 'changed'`,
      `update public.newsletter_consent_events set email = null, email_hash = '${hashOf(PERSON)}'`,
      'delete from public.newsletter_consent_events',
    ]
    for (const caller of [ANON, asUser(DEMO.tenantA), asUser(DEMO.admin), admin, SERVICE_ROLE]) {
      for (const sql of statements) {
        const outcome = await actAs(gw.db, caller, sql)
        // Refused by a missing grant, or by the append-only trigger; never done.
        expect(outcome.ok, `${caller.role} ${sql}`).toBe(false)
        if (!outcome.ok) expect(outcome.code).toBe('42501')
      }
    }
    // The database owner (the gateway's login role) is refused by the trigger too.
    for (const sql of statements) {
      const code = await inRolledBack(gw.db, async (tx) => {
        try {
          await tx.query(sql)
          return 'ok'
        } catch (error) {
          return (error as { code?: string }).code
        }
      })
      expect(code, `owner ${sql}`).toBe('42501')
    }
    // The redactor may only swap an address for its own hash: no other change, no delete.
    for (const sql of [
      `update public.newsletter_consent_events set wording = 'changed'`,
      `update public.newsletter_consent_events set email = null, email_hash = '${'0'.repeat(64)}', ip_address = null, user_agent = null`,
      `update public.newsletter_consent_events set email = 'someone@else.test'`,
      'delete from public.newsletter_consent_events',
    ]) {
      expect(await actAs(gw.db, REDACTOR, sql), `redactor ${sql}`).toMatchObject({ ok: false, code: '42501' })
    }
    // The redaction functions are the gateway's own: no API role may call them.
    for (const caller of [ANON, asUser(DEMO.tenantA), admin, SERVICE_ROLE]) {
      for (const sql of [
        `select private.redact_consent_ledger('${PERSON}')`,
        `select private.forget_newsletter_address('${PERSON}')`,
      ]) {
        expect(await actAs(gw.db, caller, sql), `${caller.role} ${sql}`).toMatchObject({
          ok: false,
          code: '42501',
        })
      }
    }
    expect((await ledgerOf('lower(email) = $1', [PERSON])).length).toBe(2)
  })

  it("an admin's erasure leaves the ledger and the deliveries with the suppression list's hash, not the address", async () => {
    const before = await ledgerOf('lower(email) = $1', [PERSON])
    const othersBefore = await ledgerOf('lower(email) = $1', [OTHER])
    const { data, error } = await erase(adminClient, PERSON.toUpperCase())
    expect(error).toBeNull()
    expect(data).toMatchObject({
      newsletter_subscribers: { erased: 1, suppressed: 1 },
      consent_ledger: { hashed: 2 },
      newsletter_deliveries: { hashed: 1 },
    })

    // No entry carries the address any more; the same entries carry its hash, and the events,
    // sources and wording stay as the proof. The address and browser recorded with them go too.
    expect(await ledgerOf('lower(email) = $1', [PERSON])).toEqual([])
    const after = await ledgerOf('email_hash = $1', [hashOf(PERSON)])
    expect(after).toEqual(
      before.map((e) => ({
        ...e,
        email: null,
        email_hash: hashOf(PERSON),
        ip_address: null,
        user_agent: null,
      })),
    )
    expect(after.map((e) => e.event)).toEqual(['opt_in_requested', 'opt_in_confirmed'])
    // The hash is the suppression list's.
    const { rows: suppressed } = await gw.db.query<{ n: number }>(
      'select count(*)::int as n from private.mail_suppressions where email_hash = $1',
      [hashOf(PERSON)],
    )
    expect(suppressed[0].n).toBe(1)

    // The delivery row keeps its status, with the hash; the server's reply that named the address is gone.
    expect(await deliveriesOf('lower(email) = $1', [PERSON])).toEqual([])
    const delivery = await deliveriesOf('email_hash = $1', [hashOf(PERSON)])
    expect(delivery).toEqual([
      {
        email: null,
        email_hash: hashOf(PERSON),
        status: 'failed',
        error: "The mail server's reply named the address, which was erased",
      },
    ])
    const { rows: anywhere } = await gw.db.query<{ n: number }>(
      `select (select count(*) from public.newsletter_consent_events c where c::text ilike $1)
            + (select count(*) from public.newsletter_deliveries d where d::text ilike $1) as n`,
      [`%${PERSON}%`],
    )
    expect(Number(anywhere[0].n)).toBe(0)

    // Someone else's entries are untouched.
    expect(await ledgerOf('lower(email) = $1', [OTHER])).toEqual(othersBefore)
    expect((await deliveriesOf('lower(email) = $1', [OTHER])).length).toBe(1)

    // Asked again by the same address, the proof is still found (without the address in it).
    const found = await adminClient.rpc('privacy_find_person', { query: PERSON })
    expect(found.error).toBeNull()
    const history = (found.data as { consent_history: LedgerRow[] }).consent_history
    expect(history.map((e) => [e.event, e.email, e.email_hash])).toEqual([
      ['opt_in_requested', null, hashOf(PERSON)],
      ['opt_in_confirmed', null, hashOf(PERSON)],
    ])
    // And the admin's REST view of the ledger and the deliveries no longer has it either.
    const rest = await adminClient.from('newsletter_consent_events').select('id').ilike('email', PERSON)
    expect(rest.error).toBeNull()
    expect(rest.data).toEqual([])
  })

  it('an address left only in the ledger (its subscriber row deleted earlier) can still be erased', async () => {
    // An admin deletes the subscriber row (allowed), which on its own leaves the ledger as it is.
    const deleted = await adminClient.from('newsletter_subscribers').delete().eq('email', OTHER).select('id')
    expect(deleted.error).toBeNull()
    expect(deleted.data).toHaveLength(1)
    expect((await ledgerOf('lower(email) = $1', [OTHER])).length).toBe(2)

    const { data, error } = await erase(adminClient, OTHER)
    expect(error).toBeNull()
    expect(data).toMatchObject({
      newsletter_subscribers: { erased: 0 },
      consent_ledger: { hashed: 2 },
      newsletter_deliveries: { hashed: 1 },
    })
    expect(await ledgerOf('lower(email) = $1', [OTHER])).toEqual([])
    expect((await ledgerOf('email_hash = $1', [hashOf(OTHER)])).length).toBe(2)
    // Nothing left: a second request finds nothing to erase.
    expect((await erase(adminClient, OTHER)).error?.code).toBe('P0002')
  })
})
