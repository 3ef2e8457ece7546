import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

type Client = ReturnType<TestGateway['client']>

const PERSON = DEMO.tenantA.email
const REQUEST_A = '3a000000-0000-4000-8000-00000000000a'
const REQUEST_B = '3a000000-0000-4000-8000-00000000000b'

interface Found {
  subject: { kind: string; value: string }
  enquiries: Record<string, unknown>[]
  newsletter_subscribers: Record<string, unknown>[]
  consent_history: Record<string, unknown>[]
  tenants: Record<string, unknown>[]
  accounts: Record<string, unknown>[]
  maintenance_requests: Record<string, unknown>[]
  maintenance_comments: Record<string, unknown>[]
  monitoring: Record<string, unknown>[]
  statements: Record<string, unknown>[]
  payment_proofs: Record<string, unknown>[]
}

/**
 * Data-subject requests (issue 20, items 2 and 3) through REST with real tokens: an admin with the
 * second factor finds everything that carries a person's address or number, and erases it (deleted
 * where nothing depends on it, the tenant record anonymised because statements keep pointing at
 * it), with the reason in the audit trail. Nobody else may call either function.
 */
describe.each(drivers)('data-subject requests (%s)', (driver) => {
  let gw: TestGateway
  let anon: Client
  let tenantA: Client
  let admin: Client
  let adminAal1: Client
  let service: Client

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    anon = gw.client()
    tenantA = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET) })
    admin = gw.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
    })
    adminAal1 = gw.client({ accessToken: await signToken(userClaims(DEMO.admin), TEST_JWT_SECRET) })
    service = gw.client({ key: gw.keys.serviceRoleKey })
    // The person wrote twice through the site (once with capitals and a +27 number), subscribed,
    // and browsed while signed in; someone else wrote too.
    await gw.db.exec(`
      insert into public.enquiries (id, kind, name, email, phone, message) values
        ('e0000000-0000-4000-8000-000000000001', 'contact', 'Naledi Mokoena', 'Tenant.A@Genesis-Centre.test', '082 555 0101', '=HYPERLINK("x")'),
        ('e0000000-0000-4000-8000-000000000002', 'leasing', 'Naledi M', 'naledi@elsewhere.test', '+27 82 555 0101', 'Second shop?'),
        ('e0000000-0000-4000-8000-000000000003', 'contact', 'Someone Else', 'someone@else.test', '011 000 0000', 'Hi');
      insert into public.newsletter_subscribers (email, consent_text, status) values
        ('tenant.a@genesis-centre.test', 'Yes, send me the newsletter', 'subscribed'),
        ('someone@else.test', 'Yes, send me the newsletter', 'subscribed');
      insert into public.analytics_events (name, user_id) values ('page_view', '${DEMO.tenantA.id}'), ('page_view', null);
      insert into private.mail_outbox (to_addresses, from_address, subject, text_body, html_body, transport)
        values (array['tenant.a@genesis-centre.test'], 'centre@example.test', 'Welcome', 'Hello Naledi', '<p>Hello Naledi</p>', 'outbox');
    `)
    // An earlier admin write to the tenant record: its audit entry carries the person's data.
    const edit = await admin
      .from('tenants')
      .update({ vat_number: '4010203041' })
      .eq('id', DEMO.tenantA.tenantId)
    expect(edit.error).toBeNull()
  })
  afterAll(() => gw.close())

  const find = async (client: Client, query: string) => client.rpc('privacy_find_person', { query })
  const erase = async (client: Client, query: string, reason: string) =>
    client.rpc('privacy_erase_person', { query, reason })

  it('refuses visitors, tenants, the service role and an admin without the second factor', async () => {
    for (const [who, client] of [
      ['anon', anon],
      ['tenant', tenantA],
      ['service_role', service],
      ['admin aal1', adminAal1],
    ] as const) {
      const found = await find(client, PERSON)
      expect(found.data, who).toBeNull()
      expect(found.error?.code, who).toMatch(/^(42501|PGRST202)$/)
      const erased = await erase(client, PERSON, 'The person asked to be forgotten')
      expect(erased.error?.code, who).toMatch(/^(42501|PGRST202)$/)
    }
    // Nothing changed: the admin still finds everything.
    const { data } = await find(admin, PERSON)
    expect((data as Found).enquiries).toHaveLength(1)
  })

  it('finds every record that carries the e-mail address, with every field', async () => {
    const { data, error } = await find(admin, ' TENANT.A@genesis-centre.test ')
    expect(error).toBeNull()
    const found = data as Found
    expect(found.subject).toEqual({ kind: 'email', value: PERSON })
    expect(found.enquiries.map((e) => e.id)).toEqual(['e0000000-0000-4000-8000-000000000001'])
    expect(found.enquiries[0]).toMatchObject({
      name: 'Naledi Mokoena',
      phone: '082 555 0101',
      kind: 'contact',
    })
    expect(found.newsletter_subscribers).toEqual([
      expect.objectContaining({
        email: PERSON,
        consent_text: 'Yes, send me the newsletter',
        status: 'subscribed',
      }),
    ])
    expect(found.newsletter_subscribers[0]).not.toHaveProperty('unsubscribe_token')
    expect(found.newsletter_subscribers[0]).not.toHaveProperty('confirm_token')
    // The newsletter's consent ledger, where this database has it (issue 14).
    const { rows: ledger } = await gw.db.query(
      `select to_regclass('public.newsletter_consent_events') is not null as present`,
    )
    if (ledger[0].present) {
      expect(found.consent_history.length).toBeGreaterThan(0)
      for (const e of found.consent_history) expect(String(e.email).toLowerCase()).toBe(PERSON)
    } else {
      expect(found.consent_history).toEqual([])
    }
    expect(found.tenants).toEqual([
      expect.objectContaining({
        id: DEMO.tenantA.tenantId,
        contact_name: 'Naledi Mokoena',
        company_name: expect.any(String),
      }),
    ])
    expect(found.accounts).toEqual([
      expect.objectContaining({ id: DEMO.tenantA.id, email: PERSON, is_admin: false }),
    ])
    expect(found.accounts[0]).not.toHaveProperty('encrypted_password')
    expect(found.maintenance_requests.map((r) => r.id)).toEqual([REQUEST_A])
    expect(found.maintenance_comments.length).toBeGreaterThan(0)
    expect(found.monitoring).toEqual([
      expect.objectContaining({ table: 'analytics_events', user_id: DEMO.tenantA.id }),
    ])
    expect(found.statements.length).toBeGreaterThan(0)
    for (const s of found.statements) expect(s.tenant_id).toBe(DEMO.tenantA.tenantId)
  })

  it('finds by phone number in any common form', async () => {
    const { data, error } = await find(admin, '+27 (82) 555-0101')
    expect(error).toBeNull()
    const found = data as Found
    expect(found.subject).toEqual({ kind: 'phone', value: '0825550101' })
    expect(found.enquiries.map((e) => e.id).sort()).toEqual([
      'e0000000-0000-4000-8000-000000000001',
      'e0000000-0000-4000-8000-000000000002',
    ])
    expect(found.tenants.map((t) => t.id)).toEqual([DEMO.tenantA.tenantId])
  })

  it('refuses a query that is neither an address nor a number, and an erasure without a reason', async () => {
    for (const query of ['', 'naledi', 'a@b', '12']) {
      const { error } = await find(admin, query)
      expect(error?.code, query).toBe('22023')
      expect(error?.message).toBe('Enter a valid e-mail address or phone number')
    }
    const { error } = await erase(admin, PERSON, '  ')
    expect(error?.code).toBe('22023')
    const nobody = await erase(admin, 'nobody@nowhere.test', 'The person asked to be forgotten')
    expect(nobody.error?.code).toBe('P0002')
    const { data } = await find(admin, PERSON)
    expect((data as Found).enquiries).toHaveLength(1)
  })

  it('erases: REST returns none of it, statements stay with the name anonymised, the audit trail has the reason', async () => {
    const { data, error } = await erase(admin, PERSON, 'Data subject request by e-mail, 23 Nov')
    expect(error).toBeNull()
    expect(data).toMatchObject({
      enquiries: { erased: 1 },
      newsletter_subscribers: { erased: 1, suppressed: 1 },
      accounts: { erased: 1, kept_admins: 0 },
      maintenance_requests: { erased: 1 },
      monitoring: { erased: 1 },
      mail: { erased: 1 },
      tenants: { anonymised: 1 },
    })

    // Nothing left that carries the address.
    const again = (await find(admin, PERSON)).data as Found
    for (const kind of [
      'enquiries',
      'newsletter_subscribers',
      'tenants',
      'accounts',
      'maintenance_requests',
    ] as const) {
      expect(again[kind], kind).toEqual([])
    }
    expect((await admin.from('enquiries').select('id').ilike('email', PERSON)).data).toEqual([])
    expect((await admin.from('newsletter_subscribers').select('id').ilike('email', PERSON)).data).toEqual([])
    expect((await admin.from('maintenance_requests').select('id').eq('id', REQUEST_A)).data).toEqual([])
    expect((await admin.from('maintenance_comments').select('id').eq('request_id', REQUEST_A)).data).toEqual(
      [],
    )
    // Other people's records are untouched.
    expect((await admin.from('maintenance_requests').select('id').eq('id', REQUEST_B)).data).toHaveLength(1)
    expect((await admin.from('enquiries').select('id').eq('email', 'someone@else.test')).data).toHaveLength(1)
    expect(
      (await admin.from('newsletter_subscribers').select('id').eq('email', 'someone@else.test')).data,
    ).toHaveLength(1)

    // Statements remain, pointing at the anonymised tenant record.
    const statements = await admin
      .from('rental_statements')
      .select('id, tenant:tenants(company_name, contact_name, email, phone, user_id)')
      .eq('tenant_id', DEMO.tenantA.tenantId)
    expect(statements.error).toBeNull()
    expect(statements.data?.length).toBeGreaterThan(0)
    for (const s of statements.data ?? []) {
      expect(s.tenant).toEqual({
        company_name: `Erased tenant ${DEMO.tenantA.tenantId.slice(0, 8)}`,
        contact_name: 'Erased',
        email: `erased-${DEMO.tenantA.tenantId.slice(0, 8)}@erased.invalid`,
        phone: null,
        user_id: null,
      })
    }

    // The audit trail records the erasure with its reason, and no longer holds the erased data.
    const trail = await admin.from('audit_log').select('*').eq('table_name', 'privacy_erasures')
    expect(trail.data).toEqual([
      expect.objectContaining({
        action: 'insert',
        actor_id: DEMO.admin.id,
        new_data: expect.objectContaining({
          reason: 'Data subject request by e-mail, 23 Nov',
          subject_kind: 'email',
        }),
      }),
    ])
    expect(JSON.stringify(trail.data)).not.toContain(PERSON)
    const tenantTrail = await admin.from('audit_log').select('old_data, new_data').eq('table_name', 'tenants')
    expect(tenantTrail.data?.length).toBeGreaterThan(0)
    expect(JSON.stringify(tenantTrail.data)).not.toContain('Naledi')
    expect((await admin.from('audit_log').select('id').eq('table_name', 'enquiries')).data).toEqual([])

    // The subscriber's address stays suppressed, as a hash only.
    const { rows } = await gw.db.query<{ suppressed: boolean; plain: number }>(
      `select private.is_mail_suppressed('Tenant.A@genesis-centre.test') as suppressed,
              (select count(*)::int from private.mail_suppressions where email_hash like '%@%') as plain`,
    )
    expect(rows[0]).toEqual({ suppressed: true, plain: 0 })
    const { rows: users } = await gw.db.query('select id from auth.users where id = $1', [DEMO.tenantA.id])
    expect(users).toEqual([])
  })

  it("keeps an administrator's own account", async () => {
    await gw.db.exec(`insert into public.enquiries (kind, name, email, message)
      values ('contact', 'Centre Manager', '${DEMO.admin.email}', 'Testing the form')`)
    const { data, error } = await erase(admin, DEMO.admin.email, 'Removing a test enquiry')
    expect(error).toBeNull()
    expect(data).toMatchObject({ enquiries: { erased: 1 }, accounts: { erased: 0, kept_admins: 1 } })
    const { rows } = await gw.db.query('select id from auth.users where id = $1', [DEMO.admin.id])
    expect(rows).toHaveLength(1)
  })
})
