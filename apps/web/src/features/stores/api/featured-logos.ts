import type { Shop } from './get-shops'

/**
 * The featured retailers' logos, by trading name (the storage path, or null for a monogram): all
 * the home page needs of the shop list. A page the gateway renders hands this over under its own
 * key instead of every shop (decision 037): home's HTML then carries a few hundred bytes rather
 * than the whole directory, which the page does not show.
 */
export const FEATURED_LOGOS_KEY = ['featured-logos'] as const

export type FeaturedLogos = Record<string, string | null>

export function featuredLogos(
  shops: readonly Pick<Shop, 'tradingName' | 'logoPath'>[],
  names: readonly string[],
): FeaturedLogos {
  return Object.fromEntries(
    names.map((name) => [name, shops.find((shop) => shop.tradingName === name)?.logoPath ?? null]),
  )
}
