import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

const FAILED = 'e0000000-0000-4000-8000-0000000000f1'

async function answer(result: { data: unknown; error: unknown }): Promise<{ status: number; body: unknown }> {
  if (result.error instanceof FunctionsHttpError) {
    const res = result.error.context as Response
    return { status: res.status, body: await res.json() }
  }
  if (result.error) throw result.error
  return { status: 200, body: result.data }
}

/** resend-enquiry-email (issue 13, item 5): an admin resends the centre's mail of a failed enquiry. */
describe.each(drivers)('resending an enquiry mail (%s)', (driver) => {
  let gw: TestGateway
  const as = async (who: 'admin' | 'adminAal1' | 'tenantA' | 'anon') => {
    if (who === 'anon') return gw.client()
    const user = who === 'tenantA' ? DEMO.tenantA : DEMO.admin
    const aal = who === 'admin' ? 'aal2' : 'aal1'
    return gw.client({ accessToken: await signToken(userClaims(user, { aal }), TEST_JWT_SECRET) })
  }
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
      const res = await answer(
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
    const bad = await answer(
      await admin.functions.invoke('resend-enquiry-email', { body: { enquiry_id: 'x' } }),
    )
    expect(bad.status).toBe(400)
    const unknown = await answer(
      await admin.functions.invoke('resend-enquiry-email', {
        body: { enquiry_id: 'e0000000-0000-4000-8000-0000000000ff' },
      }),
    )
    expect(unknown).toEqual({ status: 404, body: { error: 'Enquiry not found' } })
  })

  it("sends the centre's mail again for an admin and records the delivery", async () => {
    const admin = await as('admin')
    const res = await answer(
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
