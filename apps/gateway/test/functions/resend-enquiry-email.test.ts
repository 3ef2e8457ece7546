import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { type Caller, clientAs, functionAnswer } from '../support/function-calls.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

const FAILED = 'e0000000-0000-4000-8000-0000000000f1'

/** resend-enquiry-email (issue 13, item 5): an admin resends the centre's mail of a failed enquiry. */
describe.each(drivers)('resending an enquiry mail (%s)', (driver) => {
  let gw: TestGateway
  const as = (who: Caller) => clientAs(gw, who)
  const status = async () =>
    (
      await gw.db.query<{ email_status: string; provider_error: string | null }>(
        'select email_status, provider_error from public.enquiries where id = $1',
        [FAILED],
      )
    ).rows[0]

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    await gw.db.exec(`
      insert into public.enquiries (id, kind, name, email, company, business_type, message, source, email_status, provider_error)
        values ('${FAILED}', 'leasing', 'Ayanda Dlamini', 'ayanda@example.com', 'Ayanda Eats', 'food',
                'Looking for 120 m2.', 'leasing_form', 'failed', '421 try again later');
    `)
  })
  afterAll(() => gw.close())

  it('refuses visitors, tenants and an admin without the code step, and changes nothing', async () => {
    for (const who of ['anon', 'tenantA', 'adminAal1'] as const) {
      const client = await as(who)
      const res = await functionAnswer(
        await client.functions.invoke('resend-enquiry-email', { body: { enquiry_id: FAILED } }),
      )
      expect({ who, ...res }).toEqual({
        who,
        status: 403,
        body: { error: 'Only centre management can resend enquiry mail' },
      })
    }
    expect(await status()).toEqual({ email_status: 'failed', provider_error: '421 try again later' })
  })

  it('answers a bad or unknown id clearly', async () => {
    const admin = await as('admin')
    const bad = await functionAnswer(
      await admin.functions.invoke('resend-enquiry-email', { body: { enquiry_id: 'x' } }),
    )
    expect(bad.status).toBe(400)
    const unknown = await functionAnswer(
      await admin.functions.invoke('resend-enquiry-email', {
        body: { enquiry_id: 'e0000000-0000-4000-8000-0000000000ff' },
      }),
    )
    expect(unknown).toEqual({ status: 404, body: { error: 'Enquiry not found' } })
  })

  it("sends the centre's mail again for an admin and records the delivery", async () => {
    const admin = await as('admin')
    const res = await functionAnswer(
      await admin.functions.invoke('resend-enquiry-email', { body: { enquiry_id: FAILED } }),
    )
    expect(res).toEqual({ status: 200, body: { success: true } })
    expect(await status()).toEqual({ email_status: 'sent', provider_error: null })
    const { rows } = await gw.db.query<{ subject: string; reply_to: string | null }>(
      `select subject, reply_to from private.mail_outbox where category = 'enquiry-leasing' order by created_at desc limit 1`,
    )
    expect(rows[0]?.subject).toMatch(/Ayanda Dlamini/)
  })
})
