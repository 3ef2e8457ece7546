import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { clientAs, functionAnswer } from '../support/function-calls.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { closedSmtpUrl } from '../support/smtp-sink.ts'
import { DEMO } from '../support/tokens.ts'

const REQUEST = '3a000000-0000-4000-8000-0000000000c1'
const TENANT_EMAIL = 'tenant.a@genesis-centre.test'

async function setUp(gw: TestGateway): Promise<void> {
  await gw.db.exec(`
    insert into public.maintenance_requests (id, tenant_id, shop_id, category, description, urgency)
      values ('${REQUEST}', '${DEMO.tenantA.tenantId}', (select id from public.shops where shop_no = 'G01'),
              'plumbing', 'The tap in the back kitchen drips all day.', 'normal');
    insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
      values ('${DEMO.admin.id}', 'Phone', 'totp', 'verified', 'JBSWY3DPEHPK3PXP');
  `)
}

const as = clientAs

/** Schedules the request as an admin would in the back office (REST), then asks for the tenant's mail. */
async function schedule(gw: TestGateway) {
  const admin = await as(gw, 'admin')
  const { error } = await admin
    .from('maintenance_requests')
    .update({ status: 'scheduled', scheduled_for: '2026-12-02', status_note: 'The plumber comes at 08:00.' })
    .eq('id', REQUEST)
  expect(error).toBeNull()
  return functionAnswer(
    await admin.functions.invoke('maintenance-status-mail', { body: { request_id: REQUEST } }),
  )
}

const latestEvent = async (gw: TestGateway) =>
  (
    await gw.db.query<{ status: string; email_status: string | null; email_error: string | null }>(
      `select status, email_status, email_error from public.maintenance_request_events
        where request_id = $1 order by created_at desc limit 1`,
      [REQUEST],
    )
  ).rows[0]

/**
 * maintenance-status-mail (issue 13, item 6): the tenant is e-mailed about a status change; only
 * centre management may ask; a failed mail is recorded and never undoes the change.
 */
describe.each(drivers)('e-mailing a tenant about their maintenance request (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    await setUp(gw)
  })
  afterAll(() => gw.close())

  it('refuses visitors, tenants and an admin without the code step, and mails nothing', async () => {
    for (const who of ['anon', 'tenantA', 'adminAal1'] as const) {
      const client = await as(gw, who)
      const res = await functionAnswer(
        await client.functions.invoke('maintenance-status-mail', { body: { request_id: REQUEST } }),
      )
      expect({ who, ...res }).toEqual({
        who,
        status: 403,
        body: { error: 'Only centre management can e-mail tenants about their requests' },
      })
    }
    const mails = await gw.db.query(`select 1 from private.mail_outbox where category = 'maintenance-status'`)
    expect(mails.rows).toEqual([])
    expect(await latestEvent(gw)).toEqual({ status: 'received', email_status: null, email_error: null })
  })

  it('answers a bad or unknown request clearly', async () => {
    const admin = await as(gw, 'admin')
    const bad = await functionAnswer(
      await admin.functions.invoke('maintenance-status-mail', { body: { request_id: 'x' } }),
    )
    expect(bad.status).toBe(400)
    const unknown = await functionAnswer(
      await admin.functions.invoke('maintenance-status-mail', {
        body: { request_id: '3a000000-0000-4000-8000-0000000000ff' },
      }),
    )
    expect(unknown).toEqual({ status: 404, body: { error: 'Maintenance request not found' } })
  })

  it('mails the tenant the new status, date and note, and records it on the change', async () => {
    expect(await schedule(gw)).toEqual({ status: 200, body: { success: true, to: TENANT_EMAIL } })
    const { rows } = await gw.db.query<{ subject: string; text_body: string; to_addresses: string[] }>(
      `select subject, text_body, to_addresses from private.mail_outbox where category = 'maintenance-status'`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0].to_addresses).toEqual([TENANT_EMAIL])
    expect(rows[0].subject).toBe('Maintenance request scheduled: Plumbing at G01')
    expect(rows[0].text_body).toContain('2 December 2026')
    expect(rows[0].text_body).toContain('The plumber comes at 08:00.')
    expect(rows[0].text_body).toContain('/tenant/dashboard')
    expect(await latestEvent(gw)).toEqual({ status: 'scheduled', email_status: 'sent', email_error: null })
  })
})

describe.each(drivers)('a maintenance mail the mail server refuses (%s)', (driver) => {
  it('keeps the status change, records the failure and says why', async () => {
    const gw = await createTestGateway(driver, { seed: true, env: { SMTP_URL: await closedSmtpUrl() } })
    try {
      await setUp(gw)
      const res = await schedule(gw)
      expect(res.status).toBe(500)
      expect(res.body).toMatchObject({ error: 'Email service error' })
      expect((res.body as { provider_error: string }).provider_error).toMatch(/ECONNREFUSED|connect/i)
      const event = await latestEvent(gw)
      expect(event).toMatchObject({ status: 'scheduled', email_status: 'failed' })
      expect(event.email_error).toMatch(/ECONNREFUSED|connect/i)
      const stored = await gw.db.query<{ status: string }>(
        'select status from public.maintenance_requests where id = $1',
        [REQUEST],
      )
      expect(stored.rows).toEqual([{ status: 'scheduled' }])
    } finally {
      await gw.close()
    }
  })
})
