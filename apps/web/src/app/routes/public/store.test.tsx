import '../../../testing/setup'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeBackend } from '../../../testing/fake-backend'
import { renderRoute } from '../../../testing/render'

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
})
