import '../../../testing/setup'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ShopSchema } from '../../../features/stores/api/get-shops'
import { storePageOf } from '../../../features/stores/api/get-store-page'
import { whileRecordingReads } from '../../../lib/recorded-reads'
import { fakeBackend, SHOP_ROWS } from '../../../testing/fake-backend'
import { renderRoute, testQueryClient } from '../../../testing/render'

describe('a store page', () => {
  it('links to more stores of the same category, never to itself', async () => {
    fakeBackend()
    renderRoute('/stores/karoo-butchery-and-deli')
    const more = await screen.findByRole('region', { name: 'More in Grocery & Food' })
    const links = within(more).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual(['Fresh Basket Market'])
    expect(links[0]).toHaveAttribute('href', '/stores/fresh-basket-market')
  })

  it('has no More in section when the store is alone in its category', async () => {
    fakeBackend()
    renderRoute('/stores/volt-electronics')
    await screen.findByRole('heading', { level: 1, name: 'Volt Electronics' })
    expect(screen.queryByRole('region', { name: /More in/ })).not.toBeInTheDocument()
  })

  it('shows breadcrumb, floor and shop number, phone link and the full hours format', async () => {
    fakeBackend()
    renderRoute('/stores/karoo-butchery-and-deli')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Karoo Butchery & Deli' }),
    ).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(crumbs).toHaveTextContent('HomeStoresKaroo Butchery & Deli')
    expect(screen.getByText('Ground, Shop G02')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '011 274 5310' })).toHaveAttribute('href', 'tel:0112745310')
    expect(screen.getByText('Mon-Fri')).toBeInTheDocument()
    expect(screen.getByText('09:00 - 18:00')).toBeInTheDocument()
    expect(screen.getByText('Sat')).toBeInTheDocument()
    expect(screen.getByText('Sun')).toBeInTheDocument()
    expect(screen.getByText('Closed')).toBeInTheDocument()
    const ld = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent ?? '{}'),
    )
    expect(ld).toContainEqual(
      expect.objectContaining({
        '@type': 'Store',
        name: 'Karoo Butchery & Deli',
        openingHoursSpecification: expect.arrayContaining([
          expect.objectContaining({ dayOfWeek: ['Saturday'], opens: '09:00', closes: '13:00' }),
        ]),
      }),
    )
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://genesis.example/stores/karoo-butchery-and-deli',
    )
    expect(document.head.querySelector('meta[property="og:locale"]')).toHaveAttribute('content', 'en_ZA')
  })

  it("says 'Store not found.' with a link back for an unknown slug", async () => {
    fakeBackend()
    renderRoute('/stores/no-such-store')
    expect(await screen.findByRole('heading', { name: 'Store not found.' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Store Directory' })).toHaveAttribute('href', '/stores')
  })

  it('is drawn from the handed-over store page alone: no request, and the shop list is not read', async () => {
    // What a page rendered by the gateway hands over (prerender.tsx, decision 043).
    const fetched = fakeBackend()
    const queryClient = testQueryClient()
    const shops = SHOP_ROWS.map((row) => ShopSchema.parse(row))
    queryClient.setQueryData(
      ['store-page', 'karoo-butchery-and-deli'],
      storePageOf(shops, 'karoo-butchery-and-deli'),
    )
    const read = await whileRecordingReads(queryClient, async (seen) => {
      renderRoute('/stores/karoo-butchery-and-deli', queryClient)
      await screen.findByRole('heading', { level: 1, name: 'Karoo Butchery & Deli' })
      return seen
    })
    const more = screen.getByRole('region', { name: 'More in Grocery & Food' })
    expect(
      within(more)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Fresh Basket Market'])
    expect(
      screen.getByRole('img', {
        name: 'Plan of the Ground floor with 2 shops; Karoo Butchery & Deli, shop G02, is marked',
      }),
    ).toBeInTheDocument()
    expect(read.has('["shops"]')).toBe(false)
    expect(
      fetched.mock.calls.map(
        ([input]) => new URL(String(input instanceof Request ? input.url : input)).pathname,
      ),
    ).not.toContain('/rest/v1/shops')
  })
})
