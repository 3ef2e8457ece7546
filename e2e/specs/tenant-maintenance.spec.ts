import { anonKey, readAsServiceRole, serviceRoleKey } from '../support/backend'
import { expect, TENANTS, test } from '../support/fixtures'

/**
 * Issue 12, maintenance requests: a tenant logs one with a photo, sees an admin's status change
 * arrive live (with a toast, without a reload), and comments on it; tenant B never sees it.
 */

// A 1×1 PNG (the bucket checks the bytes against the type).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5f0000000049454e44ae426082',
  'hex',
)

test('a tenant logs a request with a photo and sees the status change arrive live', async ({
  page,
  portal,
}) => {
  const description = `The back door lock sticks (${Date.now()})`
  portal.onCleanup(async () => {
    const rows = (await portal.serviceRest(
      'GET',
      `maintenance_requests?description=eq.${encodeURIComponent(description)}&select=id`,
    )) as { id: string }[]
    for (const { id } of rows) {
      const key = serviceRoleKey()
      const list = await page.request.post('/storage/v1/object/list/maintenance-photos', {
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        data: { prefix: `${TENANTS.tenantA.id}/${id}`, limit: 10 },
      })
      const names = ((await list.json()) as { name: string }[]).map(
        (o) => `${TENANTS.tenantA.id}/${id}/${o.name}`,
      )
      if (names.length > 0) {
        await page.request.delete('/storage/v1/object/maintenance-photos', {
          headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          data: { prefixes: names },
        })
      }
      await portal.serviceRest('DELETE', `maintenance_requests?id=eq.${id}`)
    }
  })

  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard?tab=maintenance')
  const form = page.getByRole('form', { name: 'Log a maintenance request' })
  // Nothing chosen: the fields say what is missing, and nothing is sent.
  await form.getByRole('button', { name: 'Log request' }).click()
  await expect(form.getByText('Please choose a category')).toBeVisible()
  await form.getByLabel('Category').selectOption({ label: 'Security' })
  await form.getByLabel('Urgency').selectOption({ label: 'High' })
  await form.getByLabel('What needs attention?').fill(description)
  await form
    .getByLabel('Photos (optional)')
    .setInputFiles({ name: 'lock.png', mimeType: 'image/png', buffer: PNG })
  await expect(form.getByRole('list', { name: 'Photos to send' })).toContainText('lock.png')
  await form.getByRole('button', { name: 'Log request' }).click()
  await expect(page.getByText('Maintenance request logged')).toBeVisible()

  const request = page.getByTestId('maintenance-request').filter({ hasText: description })
  await expect(request.getByTestId('maintenance-status')).toHaveText('Received')
  await expect(request.getByRole('img', { name: 'Attachment 1 of the request' })).toBeVisible()

  // The centre management schedules it (an admin with their second factor, through REST): it arrives live.
  const [row] = (await readAsServiceRole(
    page.request,
    `maintenance_requests?description=eq.${encodeURIComponent(description)}&select=id`,
  )) as { id: string }[]
  await portal.enrolTotp('admin')
  const admin = await portal.apiSession('admin')
  const patched = await page.request.patch(`/rest/v1/maintenance_requests?id=eq.${row.id}`, {
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${admin.access_token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    data: { status: 'scheduled', status_note: 'Locksmith on Friday morning' },
  })
  expect(patched.status()).toBe(200)
  expect(await patched.json()).toHaveLength(1)
  await expect(page.getByText('Maintenance request updated')).toBeVisible()
  await expect(request.getByTestId('maintenance-status')).toHaveText('Scheduled')
  await expect(request.getByRole('region', { name: 'Status history' })).toContainText(
    'Locksmith on Friday morning',
  )

  // A comment from the tenant.
  await request.getByLabel('Add a comment').fill('Thank you, the shop opens at 08:00.')
  await request.getByRole('button', { name: 'Send comment' }).click()
  await expect(request.getByRole('region', { name: 'Comments' })).toContainText(
    'Thank you, the shop opens at 08:00.',
  )

  // Tenant B sees none of it, through REST either.
  const b = await portal.apiSession('tenantB')
  const res = await page.request.get(`/rest/v1/maintenance_requests?id=eq.${row.id}`, {
    headers: { apikey: anonKey(), authorization: `Bearer ${b.access_token}` },
  })
  expect(await res.json()).toEqual([])
})
