import { type DirectoryFilters, filterStores, floorOptions } from '@genesis/contracts/store-directory'
import type { Shop } from './get-shops'

/**
 * Up to this many shops (a neighbourhood centre), a page rendered with its data hands the whole
 * list over to the app (decision 016). A regional mall's directory hands over only what its first
 * frame draws, the `DirectoryWindow`, and the app then loads the whole list after its first paint
 * for search and filters over every shop: the served HTML stays small (issue 15, §1 growth).
 */
export const HAND_OVER_EVERY_SHOP_UP_TO = 100

/** The handed-over first frame of the directory, for the filters and page it was drawn with. */
export interface DirectoryWindow {
  /** `directoryWindowQuery(filters, shown)` of the URL it was drawn for. */
  query: string
  /** The stores drawn, in the directory's order. */
  drawn: Shop[]
  /** How many stores match the filters, and how many there are. */
  matching: number
  total: number
  /** The floor filter's options (from every shop). */
  floors: string[]
}

export const DIRECTORY_WINDOW_KEY = ['directory-window'] as const

/** What the directory draws from `all` for these filters and page: the same on the server and in the app. */
export function directoryListing(
  all: readonly Shop[],
  filters: DirectoryFilters,
  shown: number,
  /** A further test, applied after the filters: "Open now" (which depends on the time of day). */
  keep?: (shop: Shop) => boolean,
) {
  const filtered = filterStores(all, filters)
  const visible = keep ? filtered.filter(keep) : filtered
  return {
    drawn: visible.slice(0, shown),
    matching: visible.length,
    total: all.length,
    floors: floorOptions(all.map((s) => s.floor)),
  }
}
