import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { getShopsQueryOptions, type Shop } from './get-shops'

/**
 * What a store's page shows of the shop list (issue 15, decision 043): the store, up to three
 * others of its category ("More in <category>") and its place on its floor: the shop numbers of
 * the store and its neighbours, with how many units of the floor lie either side (the floor
 * diagram, decision 047). A page the gateway renders hands over this instead of every shop: a
 * regional mall's store page carries one store and its neighbours, not 1,000 shops nor the 250
 * numbers of its floor. Null: no store has this slug (the page says so).
 */
export interface StorePage {
  shop: Shop
  related: Shop[]
  floor: FloorWindow
}

/**
 * A store's neighbours on its floor, in shop-number order: `FLOOR_WINDOW` units (one more at the
 * end of a floor of an odd count), the store's among them, and the count of the floor's other units before and after them.
 */
export interface FloorWindow {
  units: string[]
  before: number
  after: number
}

/** How many other stores of the category the page offers. */
const RELATED = 3

/** How many units the floor diagram draws of a large floor (five columns, a unit each side of the walkway). */
export const FLOOR_WINDOW = 10

/**
 * The units drawn around `shopNo` of its floor's `sorted` shop numbers. The diagram puts the even
 * places of the floor's order on one side of the walkway and the odd ones opposite, so the window
 * starts at an even place (a unit stays on its side whichever store's page draws it) and has the
 * store near its middle column.
 */
export function floorWindow(sorted: readonly string[], shopNo: string, size = FLOOR_WINDOW): FloorWindow {
  if (sorted.length <= size) return { units: [...sorted], before: 0, after: 0 }
  const at = Math.max(0, sorted.indexOf(shopNo))
  const middle = 2 * Math.floor(size / 4)
  const even = (n: number) => n - (n % 2)
  const start = Math.max(0, even(Math.min(even(at) - middle, sorted.length - size)))
  // Near the end of a floor of an odd count, the even start leaves one unit: it is drawn too
  // (the last column has one side), rather than an end saying "+1".
  const units = sorted.slice(start, start + size + (sorted.length - start - size === 1 ? 1 : 0))
  return { units, before: start, after: sorted.length - start - units.length }
}

export function storePageOf(shops: readonly Shop[], slug: string): StorePage | null {
  const shop = shops.find((s) => s.slug === slug)
  if (!shop) return null
  const onFloor = shops
    .filter((s) => s.floor === shop.floor)
    .map((s) => s.shopNo)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
  return {
    shop,
    related: shops.filter((s) => s.category === shop.category && s.id !== shop.id).slice(0, RELATED),
    floor: floorWindow(onFloor, shop.shopNo),
  }
}

/**
 * A store's page, from the shop list: the list the app has already (a visitor who came from the
 * directory sees the page at once), otherwise the list is loaded. A page rendered by the gateway
 * has it handed over under this key, and nothing is loaded.
 */
export const getStorePageQueryOptions = (slug: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: ['store-page', slug],
    queryFn: async () => storePageOf(await queryClient.ensureQueryData(getShopsQueryOptions()), slug),
    initialData: () => {
      const shops = queryClient.getQueryData(getShopsQueryOptions().queryKey)
      return shops ? storePageOf(shops, slug) : undefined
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(getShopsQueryOptions().queryKey)?.dataUpdatedAt,
  })

export function useStorePage(slug: string) {
  return useQuery(getStorePageQueryOptions(slug, useQueryClient()))
}
