import { describe, expect, it } from 'vitest'
import { shopRow } from '../../../testing/fake-backend'
import { ShopSchema } from './get-shops'
import { FLOOR_WINDOW, floorWindow, storePageOf } from './get-store-page'

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
    // Numeric order: G2 before G10; a floor this small is handed over whole.
    expect(page?.floor).toEqual({ units: ['G1', 'G2', 'G10'], before: 0, after: 0 })
  })

  it('is null for a slug no store has', () => {
    expect(storePageOf(shops, 'no-such-store')).toBeNull()
  })
})

/** A regional mall's floor: `n` units, B001…, with a `name` for each. */
const mallFloor = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    ShopSchema.parse(
      shopRow(`B${String(i + 1).padStart(3, '0')}`, `Bench Store ${i + 1}`, 'Services', 'Ground'),
    ),
  )

describe('floorWindow', () => {
  const floor = Array.from({ length: 250 }, (_, i) => `U${i}`)

  it('keeps the store near the middle of at most FLOOR_WINDOW units, counting the rest either side', () => {
    const w = floorWindow(floor, 'U125')
    expect(w.units).toEqual(['U120', 'U121', 'U122', 'U123', 'U124', 'U125', 'U126', 'U127', 'U128', 'U129'])
    expect(w).toMatchObject({ before: 120, after: 120 })
  })

  it('starts at an even place, so a unit stays on its side of the walkway on every page', () => {
    for (const at of [0, 1, 2, 7, 124, 125, 241, 248, 249]) {
      const w = floorWindow(floor, `U${at}`)
      expect(w.units).toContain(`U${at}`)
      expect(w.before % 2).toBe(0)
      expect(w.units).toHaveLength(FLOOR_WINDOW)
      expect(w.before + w.units.length + w.after).toBe(250)
    }
    expect(floorWindow(floor, 'U1')).toMatchObject({ before: 0, after: 240 })
    expect(floorWindow(floor, 'U249')).toMatchObject({ before: 240, after: 0 })
    // An odd count: rather than start at an odd place or leave "+1", the window takes the last unit.
    const odd = floor.slice(0, 249)
    for (const at of [244, 245, 247, 248]) {
      const w = floorWindow(odd, `U${at}`)
      expect(w).toMatchObject({ before: 238, after: 0 })
      expect(w.units).toHaveLength(FLOOR_WINDOW + 1)
      expect(w.units).toContain(`U${at}`)
    }
  })
})

describe('a store page on a regional mall’s floor', () => {
  it('hands over the store’s neighbours, not the 250 shop numbers of its floor', () => {
    const small = JSON.stringify(storePageOf(mallFloor(FLOOR_WINDOW), 'bench-store-5'))
    const page = storePageOf(mallFloor(250), 'bench-store-125')
    expect(page?.floor.units).toHaveLength(FLOOR_WINDOW)
    expect(page?.floor.units).toContain('B125')
    expect(page?.floor).toMatchObject({ before: 120, after: 120 })
    // The hand-over of a 250-unit floor's store is that of a ten-unit floor's, within a few bytes
    // (the counts and the names of the three related stores differ).
    expect(JSON.stringify(page).length).toBeLessThan(small.length + 64)
  })
})
