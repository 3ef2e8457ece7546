import {
  ALL_CATEGORIES,
  ALL_FLOORS,
  CATEGORY_OPTIONS,
  type DirectoryFilters,
} from '@genesis/contracts/store-directory'
import { useState } from 'react'
import { useSearchParams } from 'react-router'

export type ViewMode = 'grid' | 'list'

/** How many stores the directory draws at first, and how many more each "Show more" adds. */
export const DIRECTORY_PAGE = 48

/** What the directory draws for a URL's query string: filters, view and how many stores. */
export function readDirectoryParams(params: URLSearchParams) {
  const category = params.get('category') ?? ''
  const filters: DirectoryFilters = {
    search: params.get('q') ?? '',
    category: (CATEGORY_OPTIONS as readonly string[]).includes(category) ? category : ALL_CATEGORIES,
    floor: params.get('floor') || ALL_FLOORS,
    openNow: params.get('open') === 'now',
  }
  const view: ViewMode = params.get('view') === 'list' ? 'list' : 'grid'
  // ?show=96: how many stores are drawn (a regional mall has hundreds: issue 15, §1). A link, so it
  // also works before the app has loaded, and the server renders the same number.
  const requested = Number.parseInt(params.get('show') ?? '', 10)
  const shown = Number.isFinite(requested) && requested > DIRECTORY_PAGE ? requested : DIRECTORY_PAGE
  return { filters, view, shown }
}

/** The stores a directory URL draws, whatever its view: one string per filters and page. */
export function directoryWindowQuery(filters: DirectoryFilters, shown: number): string {
  return JSON.stringify([filters.search, filters.category, filters.floor, shown])
}

/**
 * The directory's filters live in the URL (?q=&category=&floor=&open=now&view=) so a filtered view can be
 * shared and the back button steps through filter changes. Typing replaces the entry instead of
 * pushing one per keystroke.
 */
export function useDirectoryFilters() {
  const [params, setParams] = useSearchParams()
  const { filters, view, shown } = readDirectoryParams(params)

  // The router applies a new URL in a transition, and holds it back while the new list loads (the
  // whole list, for "Open now"). Meanwhile the controls show what the visitor chose, not the URL
  // they left: a ticked box that unticked itself until the stores arrived looked like a dead click.
  // Any new URL (this change arriving, or the back button) ends that.
  const [chosen, setChosen] = useState<{ from: string; next: URLSearchParams } | null>(null)
  const current = params.toString()
  if (chosen && chosen.from !== current) setChosen(null)
  const controls = chosen && chosen.from === current ? readDirectoryParams(chosen.next).filters : filters

  const update = (changes: Record<string, string | undefined>, replace = false) => {
    const apply = (prev: URLSearchParams) => {
      const next = new URLSearchParams(prev)
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v)
        else next.delete(k)
      }
      return next
    }
    setChosen({ from: current, next: apply(chosen?.next ?? params) })
    setParams(apply, { replace, preventScrollReset: true })
  }

  const moreParams = new URLSearchParams(params)
  moreParams.set('show', String(shown + DIRECTORY_PAGE))
  return {
    filters,
    /** The filters as the controls show them: the visitor's latest choice while its URL is applied. */
    controls,
    view,
    shown,
    /** The same directory with one more page of stores drawn. */
    moreHref: `?${moreParams.toString()}`,
    // A new search or filter starts again from the first page.
    setSearch: (q: string) => update({ q, show: undefined }, true),
    setCategory: (c: string) => update({ category: c === ALL_CATEGORIES ? undefined : c, show: undefined }),
    setFloor: (f: string) => update({ floor: f === ALL_FLOORS ? undefined : f, show: undefined }),
    setOpenNow: (on: boolean) => update({ open: on ? 'now' : undefined, show: undefined }),
    setView: (v: ViewMode) => update({ view: v === 'grid' ? undefined : v }, true),
    clear: () =>
      update({ q: undefined, category: undefined, floor: undefined, open: undefined, show: undefined }),
  }
}
