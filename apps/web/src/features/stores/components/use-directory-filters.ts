import {
  ALL_CATEGORIES,
  ALL_FLOORS,
  CATEGORY_OPTIONS,
  type DirectoryFilters,
} from '@genesis/contracts/store-directory'
import { useSearchParams } from 'react-router'

export type ViewMode = 'grid' | 'list'

/**
 * The directory's filters live in the URL (?q=&category=&floor=&view=) so a filtered view can be
 * shared and the back button steps through filter changes. Typing replaces the entry instead of
 * pushing one per keystroke.
 */
export function useDirectoryFilters() {
  const [params, setParams] = useSearchParams()
  const category = params.get('category') ?? ''
  const filters: DirectoryFilters = {
    search: params.get('q') ?? '',
    category: (CATEGORY_OPTIONS as readonly string[]).includes(category) ? category : ALL_CATEGORIES,
    floor: params.get('floor') || ALL_FLOORS,
  }
  const view: ViewMode = params.get('view') === 'list' ? 'list' : 'grid'

  const update = (changes: Record<string, string | undefined>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v)
          else next.delete(k)
        }
        return next
      },
      { replace, preventScrollReset: true },
    )

  return {
    filters,
    view,
    setSearch: (q: string) => update({ q }, true),
    setCategory: (c: string) => update({ category: c === ALL_CATEGORIES ? undefined : c }),
    setFloor: (f: string) => update({ floor: f === ALL_FLOORS ? undefined : f }),
    setView: (v: ViewMode) => update({ view: v === 'grid' ? undefined : v }, true),
    clear: () => update({ q: undefined, category: undefined, floor: undefined }),
  }
}
