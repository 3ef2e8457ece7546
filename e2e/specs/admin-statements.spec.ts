import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../apps/gateway/test/support/smtp-sink'
import { AUTH_STORAGE_KEY, expect, Portal, TENANTS, test } from '../support/fixtures'
import { startOwnGateway } from '../support/own-gateway'

/**
 * Rental and utility statements in the back office (issue 14): one screen for both kinds. Tenant
 * B's statements are used (the tenant dashboard's story counts tenant A's), each story in months of
 * its own, far from the demo seed's.
 */

const SHOP_B = TENANTS.tenantB.shopNo

/** The shared gateway's keys, so a gateway of a story's own accepts the fixtures' tokens. */
function sharedKeys(): Record<string, string> {
  const keys = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR ?? '.data/e2e', 'keys.json'), 'utf8'))
  return { JWT_SECRET: keys.jwtSecret, ANON_KEY: keys.anonKey, SERVICE_ROLE_KEY: keys.serviceRoleKey }
}
const COMPANY_B = 'Bean Theory Roasters CC'
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

test('an admin issues a statement with line items and VAT: the tenant, portal open, sees it arrive with a toast and gets the mail, sends a proof, and the admin records the payment', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  // A gateway of the story's own, delivering mail to a real SMTP server on loopback.
  const sink: SmtpSink = await startSmtpSink()
  const gw = await startOwnGateway({ ...sharedKeys(), SMTP_URL: sink.url })
  const adminContext = await browser.newContext({ baseURL: gw.baseURL })
  const tenantContext = await browser.newContext({ baseURL: gw.baseURL })
  try {
    const page = await adminContext.newPage()
    const portal = new Portal(page, adminContext.request)

    // Tenant B has the portal's statements open in a browser of their own.
    const tenantPage = await tenantContext.newPage()
    const session = await portal.apiSession('tenantB')
    await tenantPage.goto('/robots.txt')
    await tenantPage.evaluate(([key, value]) => localStorage.setItem(key, value), [
      AUTH_STORAGE_KEY,
      JSON.stringify(session),
    ] as const)
    await tenantPage.goto('/tenant/dashboard?tab=statements')
    const tenantRows = tenantPage.getByRole('region', { name: 'Rental statements' }).getByRole('row')
    await expect(tenantRows.first()).toBeVisible()
    await expect(tenantRows.filter({ hasText: 'July 2031' })).toHaveCount(0)
    // Marks this document: still there at the end means the statement came without a reload.
    await tenantPage.evaluate(() => Reflect.set(window, '__storyDocument', true))

    await portal.signInAs('admin')
    await page.goto('/admin/rental-statements')
    await expect(page.getByRole('heading', { level: 1, name: 'Rental Statements' })).toBeVisible()

    await page.getByRole('button', { name: 'New rental statement' }).click()
    const editor = page.getByRole('dialog', { name: 'New rental statement' })
    await editor.getByLabel('Tenant').selectOption({ label: `${SHOP_B} · ${COMPANY_B}` })
    await editor.getByLabel('Month').fill('2031-07')
    await editor.getByLabel('Statement date').fill('2031-07-01')
    await editor.getByLabel('Due date').fill('2031-07-07')
    await editor.getByLabel('Line 1 description').fill('Basic rental')
    await editor.getByLabel('Line 1 amount (R)').fill('18000')
    await editor.getByRole('button', { name: 'Add a line' }).click()
    await editor.getByLabel('Line 2 description').fill('Marketing levy')
    await editor.getByLabel('Line 2 amount (R)').fill('R450')
    await editor.getByRole('button', { name: 'Save and issue' }).click()
    // Bad input: a clear message on the line, nothing saved.
    await expect(editor.getByText('Enter the amount in rand, e.g. 1250.00')).toBeVisible()
    await editor.getByLabel('Line 2 amount (R)').fill('450.50')
    await expect(editor.getByTestId('editor-vat')).toHaveText('R 2 767.58')
    await expect(editor.getByTestId('editor-total')).toHaveText('R 21 218.08')

    // The tenant's toast lasts a few seconds: watch for it from the moment the admin issues.
    const toast = Promise.all([
      tenantPage.getByText('New rental statement').waitFor({ state: 'visible', timeout: 20_000 }),
      tenantPage.getByText('July 2031 has been issued.').waitFor({ state: 'visible', timeout: 20_000 }),
    ])
    await editor.getByRole('button', { name: 'Save and issue' }).click()
    await expect(editor).toBeHidden()
    await toast

    // The tenant sees it arrive in the list they had open, without reloading.
    const tenantRow = tenantRows.filter({ hasText: 'July 2031' })
    await expect(tenantRow).toContainText('R 21 218.08')
    await expect(tenantRow).toContainText('Issued')
    expect(await tenantPage.evaluate(() => Reflect.get(window, '__storyDocument'))).toBe(true)

    await page.getByLabel('Month').fill('2031-07')
    const row = page
      .getByRole('region', { name: 'Rental Statements' })
      .getByRole('row')
      .filter({ hasText: 'July 2031' })
    await expect(row).toContainText(COMPANY_B)
    await expect(row).toContainText('R 21 218.08')
    await expect(row).toContainText('Issued')
    // No PDF was attached: the server generates one.
    await expect(row.getByText('generated')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByTestId('statement-totals')).toContainText('R 21 218.08')

    // The tenant gets the mail (the mail module, through the SMTP server), once, with the amount
    // and the due date, and its link opens their statements.
    const subject = 'Your rental statement for July 2031 is ready'
    await expect
      .poll(() => sink.messages.filter((m) => m.subject === subject).length, {
        message: 'the statement mail reaches the SMTP server',
        timeout: 20_000,
      })
      .toBe(1)
    const mail = sink.messages.find((m) => m.subject === subject) as ReceivedMail
    expect(mail.envelopeTo).toEqual(['tenant.b@genesis-centre.test'])
    expect(mail.text).toContain('Dear Pieter van Wyk,')
    expect(mail.text).toContain('R 21 218.08')
    expect(mail.text).toContain('7 Jul 2031')
    const link = /View your statements: (\S+)/.exec(mail.text)?.[1]
    expect(link, mail.text).toBe(`${gw.baseURL}/tenant/dashboard?tab=statements`)

    // The tenant follows it and sends a proof of payment.
    await tenantPage.goto(link as string)
    const fromMail = tenantPage
      .getByRole('region', { name: 'Rental statements' })
      .getByRole('row')
      .filter({ hasText: 'July 2031' })
    await fromMail.getByRole('button', { name: /Upload proof/ }).click()
    const upload = tenantPage.getByRole('dialog', { name: 'Upload proof of payment' })
    await upload.getByLabel('Proof of payment').setInputFiles({
      name: 'EFT July.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n'),
    })
    await expect(upload).toBeHidden()
    await expect(fromMail.getByText('Payment submitted')).toBeVisible()

    // The admin sees it, with the proof beside the payment form, and records the payment.
    await expect(row).toContainText('Payment submitted')
    await row.getByRole('button', { name: /Record payment/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Record a payment' })
    await expect(dialog.getByRole('button', { name: /EFT-July\.pdf/ })).toBeVisible()
    await dialog.getByLabel('Amount paid (R)').fill('99999')
    await dialog.getByLabel('Reference').fill('EFT M01 JUL')
    await dialog.getByRole('button', { name: 'Record payment' }).click()
    await expect(dialog.getByRole('alert')).toContainText(
      'The payment is more than the balance of R 21218.08',
    )
    await dialog.getByLabel('Amount paid (R)').fill('21218.08')
    await dialog.getByRole('button', { name: 'Record payment' }).click()
    await expect(dialog).toBeHidden()
    await expect(row).toContainText('Paid')
    await expect(row).toContainText('R 0.00')
    // And the tenant, still on the page, sees it paid.
    await expect(fromMail).toContainText('Paid')
  } finally {
    await adminContext.close()
    await tenantContext.close()
    await gw.stop()
    await sink.close()
  }
})

test('bulk upload previews which files match, which match nothing and which would replace a PDF', async ({
  page,
  portal,
}) => {
  // Two drafts of tenant B (one already with a PDF), made as the service role.
  const [withPdf, withoutPdf] = (await portal.serviceRest('POST', 'rental_statements', [
    { tenant_id: TENANTS.tenantB.id, period: '2031-08-01', amount_due: 1000 },
    { tenant_id: TENANTS.tenantB.id, period: '2031-09-01', amount_due: 1000 },
  ])) as { id: string }[]
  portal.onCleanup(() =>
    portal.serviceRest('DELETE', `rental_statements?id=in.(${withPdf.id},${withoutPdf.id})`),
  )
  await portal.serviceRest('PATCH', `rental_statements?id=eq.${withPdf.id}`, {
    file_path: `${TENANTS.tenantB.id}/rental/2031-08.pdf`,
  })

  await portal.signInAs('admin')
  await page.goto('/admin/rental-statements')
  await page.getByRole('button', { name: 'Bulk upload PDFs' }).click()
  const dialog = page.getByRole('dialog', { name: 'Bulk upload rental statement PDFs' })
  const pdf = (name: string) => ({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
  })
  await dialog
    .getByLabel('Statement PDFs')
    .setInputFiles([pdf(`${SHOP_B}_2031-08.pdf`), pdf(`${SHOP_B}_2031-09.pdf`), pdf('Z99_2031-09.pdf')])
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '2 of 3 files match a statement; 1 matches nothing and will not be uploaded.',
  )
  const files = dialog.getByRole('list', { name: 'Files' })
  await expect(files.getByRole('listitem').filter({ hasText: `${SHOP_B}_2031-08.pdf` })).toContainText(
    'Would replace the PDF',
  )
  await expect(files.getByRole('listitem').filter({ hasText: `${SHOP_B}_2031-09.pdf` })).toContainText(
    'Matches',
  )
  await expect(files.getByRole('listitem').filter({ hasText: 'Z99_2031-09.pdf' })).toContainText(
    'No statement for shop Z99 in September 2031',
  )
  expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([])

  await dialog.getByRole('button', { name: 'Upload 2 files' }).click()
  await expect(dialog.getByText('Finished: 100 %')).toBeVisible()
  await expect(files.getByText('Uploaded')).toHaveCount(2)
  const rows = (await portal.serviceRest(
    'GET',
    `rental_statements?id=in.(${withPdf.id},${withoutPdf.id})&select=period,file_path&order=period`,
  )) as { file_path: string }[]
  expect(rows.map((r) => r.file_path)).toEqual([
    `${TENANTS.tenantB.id}/rental/2031-08.pdf`,
    `${TENANTS.tenantB.id}/rental/2031-09.pdf`,
  ])
})

test('arrears ageing puts a statement 45 days overdue in 31–60 days, and the screens pass axe at 1280 and 360', async ({
  page,
  portal,
}) => {
  // Two widths, three axe runs: more than the default 30 s on a busy machine.
  test.setTimeout(90_000)
  // A tenant of its own, so the demo's statements do not add to the figures.
  const [tenant] = (await portal.serviceRest('POST', 'tenants', {
    company_name: 'Late Payer Trading CC',
    email: 'late.payer@example.com',
  })) as { id: string }[]
  const [late] = (await portal.serviceRest('POST', 'utility_statements', {
    tenant_id: tenant.id,
    period: '2030-01-01',
    statement_date: daysAgo(50),
    due_date: daysAgo(45),
    line_items: [{ description: 'Refuse removal', amount: 1000 }],
    status: 'issued',
  })) as { id: string }[]
  portal.onCleanup(async () => {
    await portal.serviceRest('DELETE', `utility_statements?id=eq.${late.id}`)
    await portal.serviceRest('DELETE', `tenants?id=eq.${tenant.id}`)
  })

  await portal.signInAs('admin')
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/admin/utility-statements')
    await expect(page.getByRole('heading', { level: 1, name: 'Utility Statements' })).toBeVisible()
    const arrears = page.getByRole('region', { name: 'Arrears per tenant' })
    const tenantRow = arrears.getByRole('row').filter({ hasText: 'Late Payer Trading CC' })
    // 1 000 + 15 % VAT, 45 days overdue: in the 31–60 column, nothing in the others.
    await expect(tenantRow.getByRole('cell')).toHaveText([
      'Late Payer Trading CC',
      '—',
      'R 1 150.00',
      '—',
      '—',
      'R 1 150.00',
    ])
    await expect(
      page.getByRole('region', { name: 'Utility Statements' }).getByRole('row').nth(1),
    ).toBeVisible()
    await page.screenshot({ path: `test-results/admin-statements-${width}.png`, fullPage: true })
    expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([])
  }

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('button', { name: 'New utility statement' }).click()
  const editor = page.getByRole('dialog', { name: 'New utility statement' })
  await editor.getByLabel('Previous reading (kWh)').fill('1000')
  await editor.getByLabel('Current reading (kWh)').fill('1450')
  await editor.getByLabel('Tariff (R per kWh)').fill('3.5')
  await expect(editor.getByTestId('electricity-charge')).toHaveText('Consumption 450 kWh · R 1 575.00')
  await page.screenshot({ path: 'test-results/admin-statements-editor.png' })
  expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([])
})
