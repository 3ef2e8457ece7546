import { describe, expect, it } from 'vitest'
import { shopRow } from '../../../testing/fake-backend'
import { ShopSchema } from './get-shops'
import { storePageOf } from './get-store-page'

const shops = [
  shopRow('G10', 'Tenth Ground', 'Services', 'Ground'),
  shopRow('G2', 'Second Ground', 'Services', 'Ground'),
  shopRow('G1', 'First Ground', 'Grocery & Food', 'Ground'),
  shopRow('UG1', 'Upstairs One', 'Services', 'Upper Ground'),
  shopRow('UG2', 'Upstairs Two', 'Services', 'Upper Ground'),
  shopRow('UG3', 'Upstairs Three', 'Services', 'Upper Ground'),
].map((row) => ShopSchema.parse(row))

describe('storePageOf', () => {
  it('keeps the store, three others of its category and its floor’s shop numbers in order, nothing else', () => {
    const page = storePageOf(shops, 'second-ground')
    expect(page?.shop.tradingName).toBe('Second Ground')
    expect(page?.related.map((s) => s.tradingName)).toEqual(['Tenth Ground', 'Upstairs One', 'Upstairs Two'])
    // Numeric order: G2 before G10.
    expect(page?.floorUnits).toEqual(['G1', 'G2', 'G10'])
  })

  it('is null for a slug no store has', () => {
    expect(storePageOf(shops, 'no-such-store')).toBeNull()
  })
})
