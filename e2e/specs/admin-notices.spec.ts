import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext } from '@playwright/test'
import { anonKey } from '../support/backend'
import { expect, type Portal, TENANTS, test } from '../support/fixtures'

/** Notices (issue 13, item 7): written in Markdown with a preview, published to chosen shops, unpublished. */

async function titlesSeenBy(portal: Portal, request: APIRequestContext, who: 'tenantA' | 'tenantB') {
  const session = await portal.apiSession(who)
  const res = await request.get('/rest/v1/notices?select=title', {
    headers: { apikey: anonKey(), authorization: `Bearer ${session.access_token}` },
  })
  return ((await res.json()) as { title: string }[]).map((n) => n.title)
}

test('a notice to two shops reaches both tenants, and unpublishing takes it back', async ({
  page,
  portal,
  request,
}) => {
  const title = `Water off on Sunday ${Date.now().toString(36)}`
  portal.onCleanup(() => portal.serviceRest('DELETE', `notices?title=eq.${encodeURIComponent(title)}`))
  await portal.signInAs('admin')
  await page.goto('/admin/notices')
  await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible()
  const editor = page.getByRole('form', { name: 'New notice' })

  await editor.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(editor.getByText('Give the notice a title')).toBeVisible()
  await expect(editor.getByText('Write the notice')).toBeVisible()

  await editor.getByLabel('Title').fill(title)
  await editor.getByLabel('Chosen shops').check()
  await editor.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(editor.getByText('Choose at least one shop')).toBeVisible()
  await editor.getByLabel(`${TENANTS.tenantA.shopNo} ${TENANTS.tenantA.tradingName}`).check()
  await editor.getByLabel(`${TENANTS.tenantB.shopNo} ${TENANTS.tenantB.tradingName}`).check()
  await editor
    .getByLabel('Notice (Markdown)')
    .fill('The water is off on **Sunday** from 06:00.\n\n- Fill kettles\n- Close taps')
  await editor.getByRole('tab', { name: 'Preview' }).click()
  const preview = editor.getByRole('region', { name: 'Preview' })
  await expect(preview.locator('strong')).toHaveText('Sunday')
  await expect(preview.getByRole('listitem')).toHaveCount(2)
  await page.screenshot({ path: 'test-results/admin-notices-preview-1280.png', fullPage: true })
  await editor.getByRole('button', { name: 'Publish', exact: true }).click()

  const item = page.getByRole('list', { name: 'Notices' }).getByRole('listitem').filter({ hasText: title })
  await expect(item).toContainText('Published')
  await expect(item).toContainText(`Shops ${TENANTS.tenantA.shopNo}, ${TENANTS.tenantB.shopNo}`)
  expect(await titlesSeenBy(portal, request, 'tenantA')).toContain(title)
  expect(await titlesSeenBy(portal, request, 'tenantB')).toContain(title)

  // Read by N of M: tenant A marks it read, and the list follows live.
  await expect(item).toContainText('read by 0 of 2 tenants')
  const tenantA = await portal.apiSession('tenantA')
  const [notice] = (await portal.serviceRest(
    'GET',
    `notices?title=eq.${encodeURIComponent(title)}&select=id`,
  )) as {
    id: string
  }[]
  const marked = await request.post('/rest/v1/notice_receipts', {
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${tenantA.access_token}`,
      'content-type': 'application/json',
    },
    data: { notice_id: notice.id },
  })
  expect(marked.ok(), await marked.text()).toBe(true)
  await expect(item).toContainText('read by 1 of 2 tenants')

  await item.getByRole('button', { name: `Unpublish ${title}` }).click()
  await expect(item).toContainText('Not published')
  expect(await titlesSeenBy(portal, request, 'tenantA')).not.toContain(title)
  expect(await titlesSeenBy(portal, request, 'tenantB')).not.toContain(title)

  await expect(page.getByText(`Unpublished: ${title}`)).toBeHidden({ timeout: 10_000 })
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.setViewportSize({ width: 360, height: 780 })
  const axe360 = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(axe360.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-notices-360.png', fullPage: true })
})
