import { describe, expect, it } from 'vitest'
import {
  ALL_CATEGORIES,
  ALL_FLOORS,
  CATEGORY_OPTIONS,
  filterStores,
  floorOptions,
  hasActiveFilters,
  NO_FILTERS,
  orderFloors,
  resultCountText,
} from './store-directory.ts'

const store = (tradingName: string, category: string, floor: string, description = '') => ({
  tradingName,
  description,
  category,
  floor,
})
const stores = [
  store('Volt Electronics', 'Electronics', 'Upper Ground', 'Televisions and laptops'),
  store('bean theory coffee', 'Food & Beverage', 'Ground', 'Speciality coffee and LAPTOP-friendly seats'),
  store('Fresh Basket Market', 'Grocery & Food', 'Ground', 'Fresh produce'),
  store('Aloe Pharmacy', 'Health & Pharmacy', 'Lower Ground', 'Scripts and clinic'),
]

describe('orderFloors', () => {
  it('puts the four known floors first in the spec order, then others alphabetically, once each', () => {
    expect(
      orderFloors([
        'First Floor',
        'Ground',
        'Mezzanine',
        'Basement',
        'Upper Ground',
        'Ground',
        'Lower Ground',
      ]),
    ).toEqual(['Lower Ground', 'Ground', 'Upper Ground', 'Mezzanine', 'Basement', 'First Floor'])
  })

  it('leaves out known floors the data does not have and ignores blanks', () => {
    expect(orderFloors(['Rooftop', 'Ground', ' ', 'Annex'])).toEqual(['Ground', 'Annex', 'Rooftop'])
  })

  it('starts the options with All Floors', () => {
    expect(floorOptions(['Ground'])).toEqual([ALL_FLOORS, 'Ground'])
    expect(floorOptions([])).toEqual([ALL_FLOORS])
  })
})

describe('filterStores', () => {
  it('sorts by trading name ignoring case when nothing is filtered', () => {
    expect(filterStores(stores, NO_FILTERS).map((s) => s.tradingName)).toEqual([
      'Aloe Pharmacy',
      'bean theory coffee',
      'Fresh Basket Market',
      'Volt Electronics',
    ])
  })

  it('orders names with accents among their plain letters, and names differing only in case stably', () => {
    const named = (tradingName: string) => ({
      tradingName,
      description: '',
      category: 'Food',
      floor: 'Ground',
    })
    const names = [
      'Zebra Deli',
      'épicerie du coin',
      'Eagle Optics',
      'Ézé Braai',
      'eagle optics',
      '7-Eleven',
      'Ace & Co',
    ]
    expect(filterStores(names.map(named), NO_FILTERS).map((s) => s.tradingName)).toEqual([
      '7-Eleven',
      'Ace & Co',
      'Eagle Optics',
      'eagle optics',
      'épicerie du coin',
      'Ézé Braai',
      'Zebra Deli',
    ])
    // The same order as the collator the directory used to use, for these names.
    const collator = new Intl.Collator('en', { sensitivity: 'base' })
    expect([...names].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : 1))).toEqual(
      filterStores(names.map(named), NO_FILTERS).map((s) => s.tradingName),
    )
  })

  it('searches name and description case-insensitively', () => {
    expect(filterStores(stores, { ...NO_FILTERS, search: 'laptop' }).map((s) => s.tradingName)).toEqual([
      'bean theory coffee',
      'Volt Electronics',
    ])
    expect(filterStores(stores, { ...NO_FILTERS, search: '  FRESH ' }).map((s) => s.tradingName)).toEqual([
      'Fresh Basket Market',
    ])
  })

  it('filters by category and by floor, combined with the search', () => {
    expect(filterStores(stores, { ...NO_FILTERS, category: 'Electronics' })).toHaveLength(1)
    expect(filterStores(stores, { ...NO_FILTERS, floor: 'Ground' })).toHaveLength(2)
    expect(
      filterStores(stores, { search: 'coffee', category: ALL_CATEGORIES, floor: 'Ground' }),
    ).toHaveLength(1)
    expect(filterStores(stores, { search: 'coffee', category: 'Electronics', floor: ALL_FLOORS })).toEqual([])
  })

  it('does not change its input', () => {
    const copy = [...stores]
    filterStores(stores, NO_FILTERS)
    expect(stores).toEqual(copy)
  })
})

describe('filter helpers', () => {
  it('lists the spec categories after All Categories', () => {
    expect(CATEGORY_OPTIONS).toHaveLength(12)
    expect(CATEGORY_OPTIONS[0]).toBe('All Categories')
    expect(CATEGORY_OPTIONS.at(-1)).toBe('Professional Services')
  })

  it('knows when a filter is active', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false)
    expect(hasActiveFilters({ ...NO_FILTERS, search: ' ' })).toBe(false)
    expect(hasActiveFilters({ ...NO_FILTERS, search: 'a' })).toBe(true)
    expect(hasActiveFilters({ ...NO_FILTERS, floor: 'Ground' })).toBe(true)
    expect(hasActiveFilters({ ...NO_FILTERS, category: 'Services' })).toBe(true)
  })

  it('counts results', () => {
    expect(resultCountText(3, 28)).toBe('Showing 3 of 28 stores')
    expect(resultCountText(1, 1)).toBe('Showing 1 of 1 store')
  })
})
