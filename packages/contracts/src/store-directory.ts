/** Category filter options of the spec (§9), in the spec's order; the first means "no filter". */
export const ALL_CATEGORIES = 'All Categories'
export const STORE_CATEGORIES = [
  'Grocery & Food',
  'Fashion & Clothing',
  'Electronics',
  'Health & Pharmacy',
  'Food & Beverage',
  'Children & Family',
  'Services',
  'Beauty & Personal Care',
  'Home & Garden',
  'Entertainment',
  'Professional Services',
] as const
export const CATEGORY_OPTIONS = [ALL_CATEGORIES, ...STORE_CATEGORIES] as const

export const ALL_FLOORS = 'All Floors'
const FLOOR_ORDER = ['Lower Ground', 'Ground', 'Upper Ground', 'Mezzanine']

/**
 * The distinct floors of the data: Lower Ground, Ground, Upper Ground and Mezzanine first (those
 * present), then the others alphabetically.
 */
export function orderFloors(floors: Iterable<string>): string[] {
  const distinct = [...new Set([...floors].map((f) => f.trim()).filter((f) => f !== ''))]
  const known = FLOOR_ORDER.filter((f) => distinct.includes(f))
  const others = distinct.filter((f) => !FLOOR_ORDER.includes(f)).sort((a, b) => a.localeCompare(b, 'en'))
  return [...known, ...others]
}

/** Floor filter options: All Floors, then the data's floors in the spec's order. */
export function floorOptions(floors: Iterable<string>): string[] {
  return [ALL_FLOORS, ...orderFloors(floors)]
}

export interface DirectoryFilters {
  search: string
  category: string
  floor: string
}

export const NO_FILTERS: DirectoryFilters = { search: '', category: ALL_CATEGORIES, floor: ALL_FLOORS }

export function hasActiveFilters(f: DirectoryFilters): boolean {
  return f.search.trim() !== '' || f.category !== ALL_CATEGORIES || f.floor !== ALL_FLOORS
}

interface Filterable {
  tradingName: string
  description: string
  category: string
  floor: string
}

/**
 * The directory's list: search matches trading name or description case-insensitively, category
 * and floor match exactly unless 'All …', sorted by trading name.
 */
export function filterStores<T extends Filterable>(stores: readonly T[], f: DirectoryFilters): T[] {
  const needle = f.search.trim().toLocaleLowerCase('en')
  return stores
    .filter(
      (s) =>
        (needle === '' ||
          s.tradingName.toLocaleLowerCase('en').includes(needle) ||
          s.description.toLocaleLowerCase('en').includes(needle)) &&
        (f.category === ALL_CATEGORIES || s.category === f.category) &&
        (f.floor === ALL_FLOORS || s.floor === f.floor),
    )
    .sort((a, b) => a.tradingName.localeCompare(b.tradingName, 'en', { sensitivity: 'base' }))
}

/** 'Showing 3 of 28 stores' — the result count line. */
export function resultCountText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? 'store' : 'stores'}`
}
