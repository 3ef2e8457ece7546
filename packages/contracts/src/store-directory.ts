/** Category filter options of the spec (docs/product/site.md §9), in the spec's order; the first means "no filter". */
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
  const others = distinct.filter((f) => !FLOOR_ORDER.includes(f)).sort(compareNames)
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
  /** Only the stores trading now (South African time); applied by the caller, who knows the statuses. */
  openNow?: boolean
}

export const NO_FILTERS: DirectoryFilters = { search: '', category: ALL_CATEGORIES, floor: ALL_FLOORS }

export function hasActiveFilters(f: DirectoryFilters): boolean {
  return (
    f.search.trim() !== '' || f.category !== ALL_CATEGORIES || f.floor !== ALL_FLOORS || f.openNow === true
  )
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
  return sortStores(stores.filter(storeFilter(f)))
}

/**
 * The test `filterStores` applies, for a list already in the directory's order (`sortStores`):
 * filtering keeps that order, so a regional mall's 1,000 stores are sorted once per list rather
 * than on every keystroke.
 */
export function storeFilter(f: DirectoryFilters): (store: Filterable) => boolean {
  const needle = f.search.trim().toLowerCase()
  return (s) =>
    (needle === '' ||
      s.tradingName.toLowerCase().includes(needle) ||
      s.description.toLowerCase().includes(needle)) &&
    (f.category === ALL_CATEGORIES || s.category === f.category) &&
    (f.floor === ALL_FLOORS || s.floor === f.floor)
}

/** The stores in the directory's order (`compareNames`). */
export function sortStores<T extends Filterable>(stores: readonly T[]): T[] {
  return stores
    .map((store) => ({ store, key: nameSortKey(store.tradingName) }))
    .sort((a, b) => compareKeys(a.key, b.key) || compareKeys(a.store.tradingName, b.store.tradingName))
    .map(({ store }) => store)
}

/**
 * How names are ordered: ignoring case and accents ('Épicerie' among the Es), then by the exact
 * name so the order is stable. Done with plain string comparison rather than Intl.Collator or
 * localeCompare: their first use loads ICU's collation data, tens of milliseconds on a phone
 * while the directory is being drawn.
 */
export function compareNames(a: string, b: string): number {
  return compareKeys(nameSortKey(a), nameSortKey(b)) || compareKeys(a, b)
}

function nameSortKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** 'Showing 3 of 28 stores' — the result count line. */
export function resultCountText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? 'store' : 'stores'}`
}
