import { anonKey, serviceRoleKey } from '../support/backend'
import { expect, type Portal, TENANTS, test } from '../support/fixtures'
import { expectGlassBlursOnlyWhenScrolledUnder } from '../support/pixels'

/**
 * Issue 12, the dashboard: a tenant sees their own shop, lease, balance, notices and statements
 * (never tenant B's, also not through REST), downloads a statement PDF (the bytes stored), and
 * uploads a proof of payment that turns the statement to 'Payment submitted'.
 */

const serviceHeaders = () => {
  const key = serviceRoleKey()
  return { apikey: key, authorization: `Bearer ${key}` }
}

/** Tenant A's issued (unpaid) rental statements, oldest first, as the service role reads them. */
async function issuedRentalStatements(portal: Portal) {
  return (await portal.serviceRest(
    'GET',
    `rental_statements?tenant_id=eq.${TENANTS.tenantA.id}&status=eq.issued&order=period.asc&select=id,period,file_path`,
  )) as { id: string; period: string; file_path: string | null }[]
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const periodLabel = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`

test('a tenant sees their own shop, lease, balance and notices, and marks a notice read', async ({
  page,
  portal,
}) => {
  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh Basket Trading (Pty) Ltd')
  await expect(page.getByText('Shop G01')).toBeVisible()

  const lease = page.getByRole('region', { name: 'Lease summary' })
  await expect(lease.getByText('7.50 %')).toBeVisible()
  await expect(lease.getByText('3 months')).toBeVisible()
  await expect(lease.getByText(/days to lease expiry/)).toBeVisible()

  await expect(page.getByTestId('balance-due')).toHaveText(/^R \d/)
  await expect(page.getByText(/Next due date/)).toBeVisible()

  const notices = page.getByRole('list', { name: 'Notices from the centre' })
  await expect(notices.getByRole('heading', { name: 'Refrigeration contractor visit' })).toBeVisible()
  // Tenant B's shop's notice never reaches tenant A.
  await expect(notices.getByRole('heading', { name: 'Mezzanine seating area' })).toHaveCount(0)
  const fireDrill = notices
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Fire drill next Wednesday' }) })
  await expect(fireDrill.getByText('Unread')).toBeVisible()
  portal.onCleanup(() =>
    portal.serviceRest(
      'DELETE',
      `notice_receipts?tenant_id=eq.${TENANTS.tenantA.id}&notice_id=eq.40000000-0000-4000-8000-000000000002`,
    ),
  )
  await fireDrill.getByRole('button', { name: 'Mark as read' }).click()
  await expect(fireDrill.getByText('Unread')).toHaveCount(0)
  await page.reload()
  await expect(
    page
      .getByRole('list', { name: 'Notices from the centre' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Fire drill next Wednesday' }) })
      .getByText('Unread'),
  ).toHaveCount(0)
})

test("a tenant's statements are their own, in the page and through REST", async ({ page, portal }) => {
  const session = await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard?tab=statements')
  const rental = page.getByRole('region', { name: 'Rental statements' })
  await expect(rental.getByRole('row')).toHaveCount(4) // header and three months
  await expect(page.getByRole('region', { name: 'Utility statements' }).getByRole('row')).toHaveCount(3)

  // Through REST with tenant A's own token, asking for tenant B's rows by id: none.
  const res = await page.request.get(`/rest/v1/rental_statements?tenant_id=eq.${TENANTS.tenantB.id}`, {
    headers: { apikey: anonKey(), authorization: `Bearer ${session.access_token}` },
  })
  expect(res.status()).toBe(200)
  expect(await res.json()).toEqual([])
})

test('a tenant downloads a statement PDF: the bytes that were stored', async ({ page, portal }) => {
  await portal.signInAs('tenantA')
  const [statement] = await issuedRentalStatements(portal)
  expect(statement.file_path).toBeTruthy()
  await page.goto('/tenant/dashboard?tab=statements')
  const download = page.waitForEvent('download')
  await page
    .getByRole('button', { name: `Download PDF of the ${periodLabel(statement.period)} rental statement` })
    .click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`Rental statement G01 ${statement.period.slice(0, 7)}.pdf`)
  const path = await file.path()
  const { readFileSync } = await import('node:fs')
  const downloaded = readFileSync(path)
  const stored = await page.request.get(`/storage/v1/object/statements/${statement.file_path}`, {
    headers: serviceHeaders(),
  })
  expect(stored.status()).toBe(200)
  const bytes = Buffer.from(await stored.body())
  expect(downloaded.subarray(0, 5).toString()).toBe('%PDF-')
  expect(downloaded.equals(bytes)).toBe(true)
})

test("a tenant uploads a proof of payment and the statement shows 'Payment submitted'", async ({
  page,
  portal,
}) => {
  await portal.signInAs('tenantA')
  const [statement] = await issuedRentalStatements(portal)
  portal.onCleanup(async () => {
    // Back to the seeded state for the other stories: the proof's file (its row cascades) and the status.
    const objects = await page.request.post('/storage/v1/object/list/payment-proofs', {
      headers: { ...serviceHeaders(), 'content-type': 'application/json' },
      data: { prefix: `${TENANTS.tenantA.id}/rental/${statement.id}`, limit: 100 },
    })
    const names = ((await objects.json()) as { name: string }[]).map(
      (o) => `${TENANTS.tenantA.id}/rental/${statement.id}/${o.name}`,
    )
    if (names.length > 0) {
      await page.request.delete('/storage/v1/object/payment-proofs', {
        headers: { ...serviceHeaders(), 'content-type': 'application/json' },
        data: { prefixes: names },
      })
    }
    await portal.serviceRest('PATCH', `rental_statements?id=eq.${statement.id}`, { status: 'issued' })
  })

  await page.goto('/tenant/dashboard?tab=statements')
  const row = page
    .getByRole('region', { name: 'Rental statements' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: periodLabel(statement.period) }) })
  await expect(row.getByText('Issued')).toBeVisible()
  await row.getByRole('button', { name: /Upload proof/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload proof of payment' })
  // A file the bucket does not take is refused with the reason, and nothing changes.
  await dialog.getByLabel('Proof of payment').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('I paid'),
  })
  await expect(dialog.getByRole('alert')).toContainText('notes.txt is not an accepted file type')
  await dialog.getByLabel('Proof of payment').setInputFiles({
    name: 'EFT confirmation.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n'),
  })
  await expect(dialog).toBeHidden()
  await expect(row.getByText('Payment submitted')).toBeVisible()
  await page.reload()
  await expect(
    page
      .getByRole('region', { name: 'Rental statements' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: periodLabel(statement.period) }) })
      .getByText('Payment submitted'),
  ).toBeVisible()
  const proofs = (await portal.serviceRest(
    'GET',
    `payment_proofs?rental_statement_id=eq.${statement.id}&select=object_path`,
  )) as {
    object_path: string
  }[]
  expect(proofs).toHaveLength(1)
  expect(proofs[0].object_path).toMatch(/EFT-confirmation\.pdf$/)
})

test("tenant B's open dashboard never receives tenant A's live updates", async ({ page, portal }) => {
  const shopId = async (shopNo: string) =>
    ((await portal.serviceRest('GET', `shops?shop_no=eq.${shopNo}&select=id`)) as { id: string }[])[0].id
  const [shopA, shopB] = [await shopId(TENANTS.tenantA.shopNo), await shopId(TENANTS.tenantB.shopNo)]
  const mark = `${Date.now()}`
  portal.onCleanup(() => portal.serviceRest('DELETE', `notices?title=like.*${mark}*`))
  const notice = (title: string, shop: string) =>
    portal.serviceRest('POST', 'notices', {
      title: `${title} ${mark}`,
      body: 'A notice of the live-update story.',
      audience: 'shops',
      shop_ids: [shop],
    })

  await portal.signInAs('tenantB')
  await page.goto('/tenant/dashboard')
  await expect(page.getByRole('region', { name: 'Notices' })).toBeVisible({ timeout: 20_000 })
  // B's channel is live once one of B's own notices arrives with its toast (bounded retries while
  // the channel joins: a notice sent before that arrives with the next page load, not live).
  let attempt = 0
  await expect(async () => {
    attempt++
    await notice(`For Bean Theory, check ${attempt}`, shopB)
    await expect(
      page.getByText(`For Bean Theory, check ${attempt} ${mark}`, { exact: true }).first(),
    ).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 30_000 })

  // A notice to tenant A's shop, then one to B's: changes reach a channel in commit order, so once
  // B's second notice is on screen, A's would have arrived before it if RLS let it through.
  await notice('For Fresh Basket only', shopA)
  await notice('For Bean Theory, after', shopB)
  await expect(page.getByText(`For Bean Theory, after ${mark}`, { exact: true }).first()).toBeVisible()
  await expect(page.getByText(`For Fresh Basket only ${mark}`)).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Notices' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(`For Fresh Basket only ${mark}`)).toHaveCount(0)
})

test("the dashboard's HTML names its code, so a phone fetches it beside the entry rather than after it", async ({
  request,
}) => {
  const res = await request.get('/tenant/dashboard')
  expect(res.status()).toBe(200)
  const html = await res.text()
  // The loader asks for them once the page is on screen (decision 039): its data block names them.
  const code = /<script id="app-code" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1]
  const preloads: string[] = code ? JSON.parse(code).preload : []
  // The page's own chunk and the session engine (supabase-js), which the entry only discovers later.
  expect(preloads.some((href) => /^\/assets\/dashboard-[\w-]+\.js$/.test(href))).toBe(true)
  expect(preloads.some((href) => /^\/assets\/session-engine-[\w-]+\.js$/.test(href))).toBe(true)
  for (const href of preloads) {
    const file = await request.get(href)
    expect(file.status(), href).toBe(200)
    expect(file.headers()['content-type'], href).toContain('javascript')
  }
  // The other tabs' code is not among them: the overview does not wait for it.
  expect(preloads.some((href) => /\/(account|maintenance|statements)-tab-/.test(href))).toBe(false)
})

test("a returning tenant sees their shop's heading at once, while their record loads again", async ({
  page,
  portal,
}) => {
  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh Basket Trading (Pty) Ltd')

  // Next visit: the tenant's record is held back by the network until the test lets it through.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked = false
  await page.route(/\/rest\/v1\/tenants\?/, async (route) => {
    asked = true
    await held
    await route.continue()
  })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh Basket Trading (Pty) Ltd')
  await expect(page.getByText('Shop G01')).toBeVisible()
  // The heading is in the page before the app's code has started (decision 041); the app then asks
  // for the record again.
  await expect.poll(() => asked).toBe(true)
  // The lease is not remembered: it is still loading, and its card already has its labels.
  const lease = page.getByRole('region', { name: 'Lease summary' })
  await expect(lease.getByRole('status', { name: 'Loading your lease' })).toBeVisible()
  release()
  await expect(lease.getByText('7.50 %')).toBeVisible()
  // (Signing out removes what is remembered: tenant-sign-in.spec.ts.)
})

test('the notices below the trading-status card stay where they are when the status form arrives (1280 wide)', async ({
  page,
  portal,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await portal.signInAs('tenantA')
  // The form's code is held back by the network until the test lets it through.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/power-panel-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/tenant/dashboard')
  const notices = page.getByRole('region', { name: 'Notices' })
  await expect(page.getByRole('list', { name: 'Notices from the centre' })).toBeVisible()
  await expect(page.getByRole('status', { name: "Loading your store's status" })).toBeVisible()
  const before = await notices.boundingBox()
  release()
  await expect(page.getByRole('form', { name: "Report your store's state" })).toBeVisible()
  // The latest reports have loaded too (a list, or the line saying there are none).
  await expect(page.getByRole('region', { name: 'Latest reports' }).locator('ol, p').first()).toBeVisible()
  expect((await notices.boundingBox())?.y).toBe(before?.y)
})

test("the portal header's glass blurs only once something has scrolled under it (decision 070)", async ({
  page,
  portal,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh Basket Trading (Pty) Ltd')
  await expectGlassBlursOnlyWhenScrolledUnder(page, 600)
})

test('every page carries its styles in its HTML, and no page fetches a stylesheet', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/stores', '/tenant/dashboard']) {
    const html = await (await request.get(path)).text()
    // Public pages mark which full stylesheet their inlined rules were cut from (decision 049).
    expect(html, path).toMatch(/<style[\s>]/)
    expect(html, path).not.toMatch(/<link rel="stylesheet"/)
  }
  const stylesheets: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet' || r.url().endsWith('.css')) stylesheets.push(r.url())
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/stores')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(stylesheets).toEqual([])
})
