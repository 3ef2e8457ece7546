import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { getShopsQueryOptions, type Shop } from './get-shops'

/**
 * What a store's page shows of the shop list (issue 15, decision 043): the store, up to three
 * others of its category ("More in <category>") and the shop numbers of its floor, in order (the
 * floor diagram). A page the gateway renders hands over this instead of every shop: a regional
 * mall's store page carries one store and its neighbours, not 1,000 shops. Null: no store has
 * this slug (the page says so).
 */
export interface StorePage {
  shop: Shop
  related: Shop[]
  /** Shop numbers of every unit on the store's floor, in shop-number order (the store's among them). */
  floorUnits: string[]
}

/** How many other stores of the category the page offers. */
const RELATED = 3

export function storePageOf(shops: readonly Shop[], slug: string): StorePage | null {
  const shop = shops.find((s) => s.slug === slug)
  if (!shop) return null
  return {
    shop,
    related: shops.filter((s) => s.category === shop.category && s.id !== shop.id).slice(0, RELATED),
    floorUnits: shops
      .filter((s) => s.floor === shop.floor)
      .map((s) => s.shopNo)
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
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
