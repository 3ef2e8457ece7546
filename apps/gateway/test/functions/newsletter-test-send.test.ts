import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { type Caller, clientAs, functionAnswer } from '../support/function-calls.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'

const DRAFT = '6e3b1a00-0000-4000-8000-0000000000d1'
const EMPTY = '6e3b1a00-0000-4000-8000-0000000000d2'

/** newsletter-test-send (issue 14): an admin sends the issue as subscribers will see it, to themselves only. */
describe.each(drivers)('a test send of a newsletter (%s)', (driver) => {
  let gw: TestGateway
  const as = (who: Caller) => clientAs(gw, who)
  const testMails = async () =>
    (
      await gw.db.query<{ to_addresses: string[]; subject: string; text_body: string }>(
        `select to_addresses, subject, text_body from private.mail_outbox where category = 'newsletter-test'`,
      )
    ).rows

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    await gw.db.exec(`
      insert into public.newsletters (id, subject, body) values
        ('${DRAFT}', 'Summer market', E'# Summer market\\n\\nStalls on the **piazza**.'),
        ('${EMPTY}', 'Nothing yet', '');
    `)
  })
  afterAll(() => gw.close())

  it('refuses visitors, tenants and an admin without the code step, and sends nothing', async () => {
    for (const who of ['anon', 'tenantA', 'adminAal1'] as const) {
      const client = await as(who)
      const res = await functionAnswer(
        await client.functions.invoke('newsletter-test-send', { body: { newsletter_id: DRAFT } }),
      )
      expect({ who, ...res }).toEqual({
        who,
        status: 403,
        body: { error: 'Only centre management can send test newsletters' },
      })
    }
    expect(await testMails()).toEqual([])
  })

  it('sends the issue to the admin alone, as subscribers will get it, and records when', async () => {
    const client = await as('admin')
    const res = await functionAnswer(
      await client.functions.invoke('newsletter-test-send', { body: { newsletter_id: DRAFT } }),
    )
    expect(res).toEqual({ status: 200, body: { sent_to: DEMO.admin.email } })
    const [mail] = await testMails()
    expect(mail.to_addresses).toEqual([DEMO.admin.email])
    expect(mail.subject).toBe('[Test] Summer market')
    expect(mail.text_body).toContain('Stalls on the **piazza**.')
    expect(mail.text_body).toContain('011 274 5300')
    expect(mail.text_body).toContain('Unsubscribe: ')
    const { rows } = await gw.db.query(
      'select last_test_sent_at is not null as tested from public.newsletters where id = $1',
      [DRAFT],
    )
    expect(rows[0]).toEqual({ tested: true })
    // No subscriber was queued or mailed.
    const queued = await gw.db.query(
      'select count(*)::int as n from public.newsletter_deliveries where newsletter_id = $1',
      [DRAFT],
    )
    expect(queued.rows[0]).toEqual({ n: 0 })
  })

  it('answers an unknown id, a bad id and an empty draft clearly', async () => {
    const client = await as('admin')
    const unknown = await functionAnswer(
      await client.functions.invoke('newsletter-test-send', {
        body: { newsletter_id: '6e3b1a00-0000-4000-8000-0000000000ff' },
      }),
    )
    expect(unknown).toEqual({ status: 404, body: { error: 'Newsletter not found' } })
    const bad = await functionAnswer(
      await client.functions.invoke('newsletter-test-send', { body: { newsletter_id: 'x' } }),
    )
    expect(bad).toEqual({
      status: 400,
      body: { error: 'newsletter_id must be the id of a saved newsletter' },
    })
    const empty = await functionAnswer(
      await client.functions.invoke('newsletter-test-send', { body: { newsletter_id: EMPTY } }),
    )
    expect(empty).toEqual({ status: 400, body: { error: 'Write the newsletter before sending it.' } })
  })
})
