import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'

export type SortDir = 'asc' | 'desc'

export interface ListParams<S extends string, F extends string> {
  /** The search text (`?q=`). */
  q: string
  /** The sorted column (`?sort=`), one of the list's sortable columns. */
  sort: S
  dir: SortDir
  /** 1-based (`?page=`). */
  page: number
  /** The list's own filters (`?kind=leasing`), '' when unset. */
  filters: Record<F, string>
}

export interface ListSpec<S extends string, F extends string> {
  sorts: readonly S[]
  defaultSort: S
  defaultDir?: SortDir
  filters?: readonly F[]
}

/**
 * A list's state kept in the URL (search, sort, page, filters), so a reload, the back button and a
 * shared link show the same page. Unknown or malformed values fall back to the defaults. Changing
 * the search, a filter or the sort goes back to page 1.
 */
export function useListParams<S extends string, F extends string = never>(spec: ListSpec<S, F>) {
  const [search, setSearch] = useSearchParams()
  const { sorts, defaultSort, defaultDir = 'asc', filters: filterNames = [] } = spec

  const params = useMemo((): ListParams<S, F> => {
    const sort = sorts.find((s) => s === search.get('sort')) ?? defaultSort
    const dirParam = search.get('dir')
    const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDir
    const page = Number.parseInt(search.get('page') ?? '', 10)
    const filters = Object.fromEntries(filterNames.map((f) => [f, search.get(f) ?? ''])) as Record<F, string>
    return {
      q: search.get('q') ?? '',
      sort,
      dir,
      page: Number.isFinite(page) && page >= 1 ? page : 1,
      filters,
    }
  }, [search, sorts, defaultSort, defaultDir, filterNames])

  const update = useCallback(
    (changes: Record<string, string | undefined>, options: { resetPage?: boolean } = {}) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev)
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === '') next.delete(k)
            else next.set(k, v)
          }
          if (options.resetPage) next.delete('page')
          return next
        },
        { replace: false },
      )
    },
    [setSearch],
  )

  return {
    params,
    setQuery: (q: string) => update({ q: q.trim() }, { resetPage: true }),
    setFilter: (name: F, value: string) => update({ [name]: value }, { resetPage: true }),
    /** Sorts by `column`; the same column again flips the direction. */
    toggleSort: (column: S) =>
      update(
        { sort: column, dir: column === params.sort ? (params.dir === 'asc' ? 'desc' : 'asc') : 'asc' },
        { resetPage: true },
      ),
    setPage: (page: number) => update({ page: page <= 1 ? undefined : String(page) }),
  }
}

/** The REST range (`Range: from-to`, inclusive) of a 1-based page. */
export function pageRange(page: number, pageSize: number): { from: number; to: number } {
  const from = (page - 1) * pageSize
  return { from, to: from + pageSize - 1 }
}

/**
 * Search text made safe for a PostgREST `or=(col.ilike.*text*,…)` filter: the characters that
 * structure the filter or act as wildcards are dropped, whitespace collapsed.
 */
export function searchTerm(q: string): string {
  return q
    .replace(/[,()*"\\%]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
