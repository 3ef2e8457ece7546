import '../../../testing/setup'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { shopRow } from '../../../testing/fake-backend'
import { ShopSchema } from '../api/get-shops'
import { FLOOR_WINDOW, storePageOf } from '../api/get-store-page'
import { FloorDiagram } from './floor-diagram'

/** A floor of `n` units, B001…, every one a published shop. */
const floorOf = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    ShopSchema.parse(
      shopRow(`B${String(i + 1).padStart(3, '0')}`, `Bench Store ${i + 1}`, 'Services', 'Ground'),
    ),
  )

function drawn(shops: ReturnType<typeof floorOf>, slug: string) {
  const page = storePageOf(shops, slug)
  if (!page) throw new Error(`no store ${slug}`)
  const { container } = render(<FloorDiagram shop={page.shop} floor={page.floor} />)
  const svg = container.querySelector('svg')
  if (!svg) throw new Error('no diagram')
  return svg
}

describe('the floor diagram', () => {
  it('draws a 250-unit floor as the store and its neighbours: bounded, the store marked and named', () => {
    const small = drawn(floorOf(FLOOR_WINDOW), 'bench-store-5').querySelectorAll('*').length
    document.body.innerHTML = ''
    const svg = drawn(floorOf(250), 'bench-store-125')
    // The elements drawn: those of a ten-unit floor plus the two ends (four each), whatever the
    // floor's size.
    expect(svg.querySelectorAll('*').length).toBeLessThanOrEqual(small + 2 * 4)
    const labels = [...svg.querySelectorAll('text')].map((t) => t.textContent)
    expect(labels.filter((l) => l?.startsWith('B'))).toHaveLength(FLOOR_WINDOW)
    expect(labels).toEqual(expect.arrayContaining(['+120', '+120', 'B125']))
    // Marked: the store's unit alone has the brand fill and bold white number.
    const marked = svg.querySelectorAll('rect.fill-brand-700')
    expect(marked).toHaveLength(1)
    expect(marked[0].nextElementSibling?.textContent).toBe('B125')
    // Named for screen readers: the whole floor's count, the store and its number.
    expect(
      screen.getByRole('img', {
        name: 'Plan of the Ground floor with 250 shops; Bench Store 125, shop B125, is marked',
      }),
    ).toBe(svg)
    expect(svg.parentElement?.querySelector('figcaption')).toHaveTextContent(
      'Ground · Shop B125, marked in orange among its neighbours, shops B121 to B130 of the floor’s 250',
    )
  })

  it('draws a small floor whole, with no ends', () => {
    const svg = drawn(floorOf(7), 'bench-store-2')
    const labels = [...svg.querySelectorAll('text')].map((t) => t.textContent)
    expect(labels).toEqual(['Walkway', 'B001', 'B002', 'B003', 'B004', 'B005', 'B006', 'B007'])
    expect(screen.getByRole('img', { name: /with 7 shops; Bench Store 2, shop B002, is marked$/ })).toBe(svg)
    expect(screen.queryByText(/among its neighbours/)).not.toBeInTheDocument()
  })
})
