import {
  type DirectoryFilters,
  floorOptions,
  sortStores,
  storeFilter,
} from '@genesis/contracts/store-directory'
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

/**
 * Every shop of a list in the directory's order, and the floor filter's options: worked out once
 * per list (the app's query data, or the rows of one read on the server), not on each keystroke or
 * for each page rendered from the same rows (decision 043).
 */
const preparedLists = new WeakMap<readonly Shop[], { sorted: Shop[]; floors: string[] }>()
function prepared(all: readonly Shop[]) {
  let list = preparedLists.get(all)
  if (!list) {
    list = { sorted: sortStores(all), floors: floorOptions(all.map((s) => s.floor)) }
    preparedLists.set(all, list)
  }
  return list
}

/** What the directory draws from `all` for these filters and page: the same on the server and in the app. */
export function directoryListing(
  all: readonly Shop[],
  filters: DirectoryFilters,
  shown: number,
  /** A further test, applied after the filters: "Open now" (which depends on the time of day). */
  keep?: (shop: Shop) => boolean,
) {
  const { sorted, floors } = prepared(all)
  const matches = storeFilter(filters)
  const visible = sorted.filter(keep ? (shop) => matches(shop) && keep(shop) : matches)
  return {
    drawn: visible.slice(0, shown),
    matching: visible.length,
    total: all.length,
    floors,
  }
}
