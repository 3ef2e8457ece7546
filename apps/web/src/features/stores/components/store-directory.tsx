import {
  ALL_CATEGORIES,
  ALL_FLOORS,
  CATEGORY_OPTIONS,
  hasActiveFilters,
  resultCountText,
} from '@genesis/contracts/store-directory'
import { useQueryClient } from '@tanstack/react-query'
import {
  AlertCircleIcon,
  LayoutGridIcon,
  ListIcon,
  SearchIcon,
  SlidersHorizontalIcon,
  StoreIcon,
} from 'lucide-react'
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { DIRECTORY_WINDOW_KEY, type DirectoryWindow, directoryListing } from '../api/directory-window'
import { type Shop, useShops } from '../api/get-shops'
import { StoreCard } from './store-card'
import { directoryWindowQuery, useDirectoryFilters, type ViewMode } from './use-directory-filters'
import { useOpenStatuses } from './use-open-status'

const CONTROL =
  'h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:outline-2 focus:outline-brand-700'

/**
 * The store directory (docs/product/site.md §2, §4, §9): search, category, floor, grid/list, result
 * count, states. `statusOf` draws a line of live status on each card (the route joins it in).
 */
export function StoreDirectory({ statusOf }: { statusOf?: (shop: Shop) => ReactNode } = {}) {
  const shops = useShops()
  const {
    filters,
    controls,
    view,
    shown,
    moreHref,
    setSearch,
    setCategory,
    setFloor,
    setOpenNow,
    setView,
    clear,
  } = useDirectoryFilters()
  // A regional mall's page hands over only the stores its first frame draws (directory-window.ts):
  // it is drawn from them until the whole list has loaded, as long as the filters and page are
  // the ones it was drawn for.
  const handedOver = useQueryClient().getQueryData<DirectoryWindow>(DIRECTORY_WINDOW_KEY)
  // The store list is drawn in a background render that React can interrupt, not in the same
  // task as the data's arrival: drawing every card at once would block a phone for a noticeable
  // moment. Status and data are deferred together, so they always belong to the same answer.
  const deferredStatus = useDeferredValue(shops.status)
  const data = useDeferredValue(shops.data)
  // The handed-over window was drawn without the time of day: "Open now" waits for the whole list.
  const fromWindow =
    data === undefined && !filters.openNow && handedOver?.query === directoryWindowQuery(filters, shown)
      ? handedOver
      : undefined
  const status = fromWindow ? 'success' : deferredStatus
  const ids = { search: useId(), category: useId(), floor: useId(), filters: useId(), openNow: useId() }
  const [filtersOpen, setFiltersOpen] = useState(false)
  const activeFilterCount = [
    filters.category !== ALL_CATEGORIES,
    filters.floor !== ALL_FLOORS,
    filters.openNow,
  ].filter(Boolean).length

  // Without "Open now", a status is worked out only for the stores drawn (48 of a regional mall's
  // 1,000): the statuses of every shop were most of the time of a mall's directory rendered on
  // request, and of the app's first frame (decision 043). The listing is kept per list and
  // filters, so a render that changes neither (the controls' own state) does not filter again.
  const windowQuery = directoryWindowQuery(filters, shown)
  // biome-ignore lint/correctness/useExhaustiveDependencies: windowQuery stands for filters and shown
  const unfiltered = useMemo(
    () => (data && !filters.openNow ? directoryListing(data, filters, shown) : undefined),
    [data, windowQuery, filters.openNow],
  )
  const statuses = useOpenStatuses(
    useMemo(
      () =>
        (filters.openNow ? (data ?? []) : (unfiltered?.drawn ?? fromWindow?.drawn ?? [])).map((s) => ({
          id: s.id,
          hours: s.tradingHours,
        })),
      [data, unfiltered, fromWindow, filters.openNow],
    ),
  )
  // "Open now" keeps the stores whose status says so; until the calendar is known, none is claimed open.
  const keep = filters.openNow ? (shop: Shop) => statuses?.get(shop.id)?.state === 'open' : undefined
  const listing = data
    ? (unfiltered ?? directoryListing(data, filters, shown, keep))
    : (fromWindow ?? directoryListing([], filters, shown))
  const { drawn, matching, total, floors } = listing
  // The cards are drawn again only when the stores, their statuses or the view change: a keystroke
  // first redraws the search box alone, at once, and the list follows in the router's transition.
  const cards = useMemo(
    () =>
      drawn.map((shop) => (
        <StoreCard
          key={shop.id}
          shop={shop}
          view={view}
          status={statuses?.get(shop.id)}
          live={statusOf?.(shop)}
        />
      )),
    [drawn, view, statuses, statusOf],
  )

  return (
    <div>
      <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="grid gap-4 md:grid-cols-[1fr_auto] md:items-end">
          <div>
            <label htmlFor={ids.search} className="mb-1.5 block text-sm font-medium text-stone-800">
              Search stores
            </label>
            <div className="relative">
              <SearchIcon
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
                aria-hidden="true"
              />
              <input
                id={ids.search}
                type="search"
                placeholder="Search by name or description"
                value={controls.search}
                onChange={(e) => setSearch(e.target.value)}
                className={cn(CONTROL, 'pl-10')}
              />
            </div>
          </div>
          {/* On a phone the filters fold away behind one button, so the first stores are on the
              first screen (issue 15, §3); from md they sit beside the search. */}
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={ids.filters}
            onClick={() => setFiltersOpen((open) => !open)}
            className="flex h-11 items-center justify-center gap-2 rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 md:hidden"
          >
            <SlidersHorizontalIcon className="size-4" aria-hidden="true" />
            {activeFilterCount > 0 ? `Filters (${activeFilterCount})` : 'Filters'}
          </button>
          <div
            id={ids.filters}
            className={cn(
              'gap-4 md:grid md:grid-cols-[14rem_12rem_auto_auto] md:items-end',
              filtersOpen ? 'grid' : 'hidden',
            )}
          >
            <div>
              <label htmlFor={ids.category} className="mb-1.5 block text-sm font-medium text-stone-800">
                Category
              </label>
              <select
                id={ids.category}
                value={controls.category}
                onChange={(e) => setCategory(e.target.value)}
                className={CONTROL}
              >
                {CATEGORY_OPTIONS.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.floor} className="mb-1.5 block text-sm font-medium text-stone-800">
                Floor
              </label>
              <select
                id={ids.floor}
                value={controls.floor}
                onChange={(e) => setFloor(e.target.value)}
                className={CONTROL}
              >
                {(floors.includes(controls.floor) ? floors : [...floors, controls.floor]).map((f) => (
                  <option key={f}>{f}</option>
                ))}
              </select>
            </div>
            <label
              htmlFor={ids.openNow}
              className="flex h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-stone-800 has-[:checked]:border-green-700 has-[:checked]:bg-green-50 has-[:checked]:text-green-900"
            >
              <input
                id={ids.openNow}
                type="checkbox"
                checked={controls.openNow === true}
                onChange={(e) => setOpenNow(e.target.checked)}
                className="size-4 accent-green-700"
              />
              Open now
            </label>
            <fieldset className="flex gap-1 rounded-lg border border-stone-300 p-1">
              <legend className="sr-only">View</legend>
              <ViewToggle mode="grid" current={view} onSelect={setView} />
              <ViewToggle mode="list" current={view} onSelect={setView} />
            </fieldset>
          </div>
        </div>
      </div>

      {status === 'pending' ? (
        <DirectorySkeleton />
      ) : status === 'error' ? (
        <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
          <AlertCircleIcon className="mx-auto size-10 text-red-700" aria-hidden="true" />
          <h2 className="mt-3 text-xl font-semibold text-red-900">Error Loading Stores</h2>
          <p className="mt-1 text-red-800">Failed to load store data. Please try again later.</p>
          <Button
            variant="outline"
            className="mt-5"
            disabled={shops.isFetching}
            onClick={() => void shops.refetch()}
          >
            {shops.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-stone-600" aria-live="polite">
            {resultCountText(matching, total)}
          </p>
          {matching === 0 ? (
            <div className="mt-4 rounded-2xl border border-dashed border-stone-300 p-10 text-center">
              <StoreIcon className="mx-auto size-10 text-stone-400" aria-hidden="true" />
              <h2 className="mt-3 text-lg font-semibold text-stone-900">No stores found</h2>
              <p className="mt-1 text-stone-600">Try a different search or filter.</p>
              {hasActiveFilters(filters) && (
                <Button variant="outline" className="mt-5" onClick={clear}>
                  Clear Filters
                </Button>
              )}
            </div>
          ) : (
            <ul
              aria-label="Stores"
              className={cn(
                'mt-4 grid gap-4',
                view === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1',
              )}
            >
              {cards}
            </ul>
          )}
          {matching > shown && (
            <div className="mt-8 flex justify-center">
              <Link
                to={moreHref}
                replace
                preventScrollReset
                className="inline-flex h-11 items-center rounded-lg border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-800 hover:bg-stone-50"
              >
                Show more stores ({matching - shown} more)
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  )
}

function ViewToggle({
  mode,
  current,
  onSelect,
}: {
  mode: ViewMode
  current: ViewMode
  onSelect: (m: ViewMode) => void
}) {
  const Icon = mode === 'grid' ? LayoutGridIcon : ListIcon
  const active = mode === current
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={mode === 'grid' ? 'Grid view' : 'List view'}
      onClick={() => onSelect(mode)}
      className={cn(
        'flex h-9 w-10 items-center justify-center rounded-md transition-colors',
        active ? 'bg-brand-700 text-white' : 'text-stone-600 hover:bg-stone-100',
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  )
}

function DirectorySkeleton() {
  return (
    <div aria-busy="true" className="mt-10">
      <span className="sr-only">Loading stores…</span>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <li key={i} className="rounded-2xl border border-stone-200 p-5">
            <div className="flex gap-4">
              <Skeleton className="size-14 rounded-xl" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/3" />
              </div>
            </div>
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-2/3" />
          </li>
        ))}
      </ul>
    </div>
  )
}
