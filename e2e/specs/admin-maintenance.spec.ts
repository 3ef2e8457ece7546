import AxeBuilder from '@axe-core/playwright'
import { anonKey, serviceRoleKey } from '../support/backend'
import { expect, TENANTS, test } from '../support/fixtures'

/** Maintenance in the back office (issue 13, item 6). */

const REQUEST_B = '3a000000-0000-4000-8000-00000000000b' // tenant B's electrical request, received (seed/20-tenant-portal.sql)

test("an admin schedules a tenant's maintenance request with a note, and the tenant reads it", async ({
  page,
  portal,
  request,
}) => {
  const [before] = (await portal.serviceRest(
    'GET',
    `maintenance_requests?id=eq.${REQUEST_B}&select=status,status_note,scheduled_for`,
  )) as Record<string, unknown>[]
  portal.onCleanup(() => portal.serviceRest('PATCH', `maintenance_requests?id=eq.${REQUEST_B}`, before))

  await portal.signInAs('admin')
  await page.goto('/admin/maintenance?status=open')
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible()
  const table = page.getByRole('region', { name: 'Maintenance requests' })
  const row = table.getByRole('row').filter({ hasText: TENANTS.tenantB.tradingName })
  await expect(row).toContainText('Electrical')
  await expect(row).toContainText('Received')

  await page.getByLabel('Urgency').selectOption('low')
  await expect(row).toHaveCount(0)
  await page.getByLabel('Urgency').selectOption('')

  // A photo the tenant attached (stored where the portal puts it), shown to the admin through a signed URL.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
  const key = serviceRoleKey()
  const path = `${TENANTS.tenantB.id}/${REQUEST_B}/flicker.png`
  const upload = await request.post(`/storage/v1/object/maintenance-photos/${path}`, {
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'image/png', 'x-upsert': 'true' },
    data: png,
  })
  expect(upload.ok(), await upload.text()).toBe(true)
  portal.onCleanup(() =>
    request.delete(`/storage/v1/object/maintenance-photos/${path}`, {
      headers: { apikey: key, authorization: `Bearer ${key}` },
    }),
  )

  await row.getByRole('button', { name: /Change status/ }).click()
  const dialog = page.getByRole('dialog', { name: /Change status: Electrical at M01/ })
  const photo = dialog.getByRole('img', { name: 'Attached by the tenant: flicker.png' })
  await expect(photo).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/maintenance-photos\/.+token=/)
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
  await dialog.getByLabel('Status').selectOption('scheduled')
  await dialog.getByLabel('Scheduled for').fill('')
  await dialog.getByRole('button', { name: 'Save status' }).click()
  await expect(dialog.getByText('Choose the date the work is scheduled for')).toBeVisible()
  await dialog.getByLabel('Scheduled for').fill('2026-12-02')
  await dialog.getByLabel('Note to the tenant').fill('The plumber comes on Wednesday at 08:00.')
  await dialog.getByRole('button', { name: 'Save status' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('Scheduled')
  await expect(row).toContainText('The plumber comes on Wednesday at 08:00.')
  await expect(row).toContainText('2026-12-02')

  // The tenant reads the new status, note and date of their request; the history has the change.
  const tenant = await portal.apiSession('tenantB')
  const res = await request.get(
    `/rest/v1/maintenance_requests?id=eq.${REQUEST_B}&select=status,status_note,scheduled_for`,
    { headers: { apikey: anonKey(), authorization: `Bearer ${tenant.access_token}` } },
  )
  expect(await res.json()).toEqual([
    {
      status: 'scheduled',
      status_note: 'The plumber comes on Wednesday at 08:00.',
      scheduled_for: '2026-12-02',
    },
  ])
  const events = (await portal.serviceRest(
    'GET',
    `maintenance_request_events?request_id=eq.${REQUEST_B}&status=eq.scheduled&select=note`,
  )) as { note: string }[]
  expect(events.map((e) => e.note)).toContain('The plumber comes on Wednesday at 08:00.')
  // The tenant was e-mailed about the change, and that is recorded on it.
  await expect
    .poll(async () => {
      const [latest] = (await portal.serviceRest(
        'GET',
        `maintenance_request_events?request_id=eq.${REQUEST_B}&order=created_at.desc&limit=1&select=status,email_status`,
      )) as { status: string; email_status: string | null }[]
      return latest
    })
    .toEqual({ status: 'scheduled', email_status: 'sent' })

  await expect(page.getByText(/^Scheduled: Electrical/)).toBeHidden({ timeout: 10_000 })
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-maintenance-1280.png', fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  const axe360 = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(axe360.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
})

test('an admin and a tenant talk about a request in its dialog, live both ways', async ({
  page,
  portal,
  request,
}) => {
  const tag = `e2e-${Date.now()}`
  portal.onCleanup(() => portal.serviceRest('DELETE', `maintenance_comments?body=like.*${tag}*`))
  await portal.signInAs('admin')
  await page.goto('/admin/maintenance')
  const row = page
    .getByRole('region', { name: 'Maintenance requests' })
    .getByRole('row')
    .filter({ hasText: TENANTS.tenantB.tradingName })
    .first()
  await row.getByRole('button', { name: /Change status/ }).click()
  const dialog = page.getByRole('dialog')
  const conversation = dialog.getByRole('region', { name: 'Conversation with the tenant' })
  await expect(conversation.getByText('Live')).toBeVisible()

  await conversation.getByRole('button', { name: 'Send reply' }).click()
  await expect(conversation.getByText('Please write a comment')).toBeVisible()
  await conversation.getByLabel('Reply to the tenant').fill(`We have ordered the part (${tag}).`)
  await conversation.getByRole('button', { name: 'Send reply' }).click()
  await expect(
    conversation.getByRole('listitem').filter({ hasText: `We have ordered the part (${tag}).` }),
  ).toContainText('Centre management')
  await expect(conversation.getByLabel('Reply to the tenant')).toHaveValue('')

  // The tenant reads it as centre management's; their answer arrives in the open dialog without a reload.
  const tenant = await portal.apiSession('tenantB')
  const headers = {
    apikey: anonKey(),
    authorization: `Bearer ${tenant.access_token}`,
    'content-type': 'application/json',
  }
  const read = await request.get(`/rest/v1/maintenance_comments?body=like.*${tag}*&select=body,author_role`, {
    headers,
  })
  expect(await read.json()).toEqual([{ body: `We have ordered the part (${tag}).`, author_role: 'admin' }])
  const posted = await request.post('/rest/v1/maintenance_comments', {
    headers,
    data: { request_id: REQUEST_B, body: `Thank you, we will be in from 07:30 (${tag}).` },
  })
  expect(posted.ok(), await posted.text()).toBe(true)
  await expect(conversation.getByRole('listitem').filter({ hasText: `from 07:30 (${tag})` })).toContainText(
    'Tenant',
  )

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-maintenance-conversation-1280.png' })
})
