import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runStatementWork } from '../../src/statements/statement-worker.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

/**
 * The tenant's "statement issued" mail through a real SMTP server on loopback (issue 14): sent
 * once; a delivery the server refuses is released and sent on a later pass, not lost.
 */
describe.each(drivers)('statement mail over SMTP (%s)', (driver) => {
  let sink: SmtpSink
  let refusing: SmtpSink
  let gw: TestGateway
  let gwRefused: TestGateway
  beforeAll(async () => {
    sink = await startSmtpSink()
    refusing = await startSmtpSink({ reject: 'Mailbox unavailable' })
    gw = await createTestGateway(driver, { seed: true, env: { SMTP_URL: sink.url } })
    gwRefused = await createTestGateway(driver, { seed: true, env: { SMTP_URL: refusing.url } })
  })
  afterAll(async () => {
    await gw?.close()
    await gwRefused?.close()
    await sink?.close()
    await refusing?.close()
  })

  const issue = async (target: TestGateway, period: string) => {
    const admin = target.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
    })
    const { data, error } = await admin
      .from('utility_statements')
      .insert({
        tenant_id: DEMO.tenantB.tenantId,
        period,
        due_date: `${period.slice(0, 8)}07`,
        line_items: [{ description: 'Refuse removal', amount: 200 }],
        status: 'issued',
      })
      .select('id')
      .single()
    expect(error).toBeNull()
    return data?.id as string
  }

  it('the tenant receives one mail that names the statement, the amount and the due date', async () => {
    await issue(gw, '2031-06-01')
    expect(await runStatementWork(gw.deps)).toMatchObject({ mailed: 1, failed: 0 })
    await runStatementWork(gw.deps)
    const [mail] = await sink.waitFor(1)
    expect(sink.messages).toHaveLength(1)
    expect(mail.envelopeTo).toEqual([DEMO.tenantB.email])
    expect(mail.subject).toBe('Your utility statement for June 2031 is ready')
    // 200 + 15 % VAT.
    expect(mail.text).toContain('R 230.00')
    expect(mail.text).toContain('7 Jun 2031')
    expect(mail.text).toContain('/tenant/dashboard?tab=statements')
  })

  it('a refused delivery is not lost: the statement stays to be announced', async () => {
    const id = await issue(gwRefused, '2031-06-01')
    expect(await runStatementWork(gwRefused.deps)).toMatchObject({ mailed: 0, failed: 1 })
    const { rows } = await gwRefused.db.query<{ notified: boolean }>(
      'select notified_at is not null as notified from public.utility_statements where id = $1',
      [id],
    )
    expect(rows).toEqual([{ notified: false }])
    // Tried again on the next pass.
    expect(await runStatementWork(gwRefused.deps)).toMatchObject({ failed: 1 })
  })
})
