import { extractText } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runStatementWork, startStatementWorker } from '../../src/statements/statement-worker.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

/**
 * Issuing a statement (issue 14): whoever issues it through the API, the server generates the PDF
 * of a statement that has none (stored like an upload, readable by the tenant) and e-mails the
 * tenant once, through the mail module's outbox.
 */
const A = DEMO.tenantA.tenantId

describe.each(drivers)('statement issue work (%s)', (driver) => {
  let gw: TestGateway
  let adminToken: string
  let tenantToken: string
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    adminToken = await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET)
    tenantToken = await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET)
    // Seeded statements are announced already and their PDFs are not part of this test.
    await runStatementWork(gw.deps)
  })
  afterAll(async () => {
    await gw?.close()
  })

  const mails = async (to: string) =>
    (
      await gw.db.query<{ subject: string; text_body: string; category: string }>(
        `select subject, text_body, category from private.mail_outbox where $1 = any(to_addresses) and category = 'statement-issued'`,
        [to],
      )
    ).rows

  it('an issued statement without a PDF gets a generated one and its tenant one e-mail', async () => {
    const admin = gw.client({ accessToken: adminToken })
    const created = await admin
      .from('rental_statements')
      .insert({
        tenant_id: A,
        period: '2031-05-01',
        due_date: '2031-05-07',
        line_items: [
          { description: 'Basic rental', amount: 18000 },
          { description: 'Marketing levy', amount: 450.5 },
        ],
      })
      .select('id')
      .single()
    expect(created.error).toBeNull()
    const id = created.data?.id as string
    await runStatementWork(gw.deps)
    // A draft: no PDF, no mail.
    expect(await mails(DEMO.tenantA.email)).toEqual([])

    const issued = await admin
      .from('rental_statements')
      .update({ status: 'issued' })
      .eq('id', id)
      .select('status')
    expect(issued.error).toBeNull()
    const first = await runStatementWork(gw.deps)
    expect(first).toMatchObject({ pdfs: 1, mailed: 1, failed: 0 })
    // A second pass sends nothing again.
    expect(await runStatementWork(gw.deps)).toEqual({ pdfs: 0, mailed: 0, failed: 0 })

    const sent = await mails(DEMO.tenantA.email)
    expect(sent).toHaveLength(1)
    expect(sent[0].subject).toBe('Your rental statement for May 2031 is ready')
    // 18 450.50 + 15 % VAT = 21 218.08 (rounded to the cent by the database).
    expect(sent[0].text_body).toContain('R 21 218.08')

    const tenant = gw.client({ accessToken: tenantToken })
    const mine = await tenant
      .from('rental_statements')
      .select('file_path, file_generated')
      .eq('id', id)
      .single()
    expect(mine.data).toEqual({ file_path: `${A}/rental/2031-05.pdf`, file_generated: true })
    const file = await tenant.storage.from('statements').download(`${A}/rental/2031-05.pdf`)
    expect(file.error).toBeNull()
    const bytes = new Uint8Array(await (file.data as Blob).arrayBuffer())
    // The generated PDF, read back as text: the centre, the lines, VAT and the total.
    const { text } = await extractText(bytes, { mergePages: true })
    for (const expected of [
      'Genesis Centre',
      'Rental statement — May 2031',
      'Basic rental',
      'R 18 000.00',
      'Marketing levy',
      'R 450.50',
      'VAT (15 %)',
      'R 2 767.58',
      'R 21 218.08',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('a statement issued with an attached PDF keeps it; the worker announces it when poked', async () => {
    const admin = gw.client({ accessToken: adminToken })
    const path = `${A}/utility/2031-05.pdf`
    const upload = await admin.storage
      .from('statements')
      .upload(path, new Blob(['%PDF-1.4 attached'], { type: 'application/pdf' }), { upsert: true })
    expect(upload.error).toBeNull()
    const worker = await startStatementWorker(gw.deps, { intervalMs: 3_600_000 })
    try {
      const created = await admin
        .from('utility_statements')
        .insert({
          tenant_id: A,
          period: '2031-05-01',
          due_date: '2031-05-07',
          electricity_meter_previous: 100,
          electricity_meter_current: 300,
          electricity_rate: 3,
          file_path: path,
          status: 'issued',
        })
        .select('id')
        .single()
      expect(created.error).toBeNull()
      await worker.poke()
      const row = await gw.db.query<{ file_path: string; file_generated: boolean; notified: boolean }>(
        'select file_path, file_generated, notified_at is not null as notified from public.utility_statements where id = $1',
        [created.data?.id],
      )
      expect(row.rows).toEqual([{ file_path: path, file_generated: false, notified: true }])
      expect((await mails(DEMO.tenantA.email)).map((m) => m.subject)).toContain(
        'Your utility statement for May 2031 is ready',
      )
    } finally {
      await worker.stop()
    }
  })
})
