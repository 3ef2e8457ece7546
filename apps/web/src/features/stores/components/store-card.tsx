import type { OpenStatus } from '@genesis/contracts/open-now'
import { formatOpeningHours, formatOpeningHoursShort } from '@genesis/contracts/opening-hours'
import { ClockIcon, MapPinIcon, PhoneIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../config/paths'
import { cn } from '../../../lib/cn'
import type { Shop } from '../api/get-shops'
import { OpenStatusChip } from './open-status-chip'
import { StoreLogo } from './store-logo'

/**
 * One store in the directory, as a card (grid) or a row (list). The whole card links to the store,
 * except as a preview (the tenant's listing editor), where following it would leave the form.
 */
export function StoreCard({
  shop,
  view,
  preview,
  status,
  live,
}: {
  shop: Shop
  view: 'grid' | 'list'
  preview?: boolean
  /** Open now / closed, in South African time (none in the listing editor's preview). */
  status?: OpenStatus
  /** A live status line (power and trading state), drawn under the details. */
  live?: ReactNode
}) {
  // A store with no hours at all reads better as 'not listed' than as three 'Closed' days.
  const hours = formatOpeningHours(shop.tradingHours)
    ? formatOpeningHoursShort(shop.tradingHours)
    : 'Hours not listed'
  // The browser skips the style, layout and painting of cards far from the screen until they come
  // near it (decision 044): on a phone most of the directory is below the fold, and it was laid
  // out and painted in full on each of the page's first frames, again when the web font arrived and
  // again when the app drew the page. The remembered size keeps the scrollbar steady once drawn.
  const card =
    'group relative rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:border-brand-300 hover:shadow-md focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 [content-visibility:auto]'
  const name = preview ? (
    shop.tradingName
  ) : (
    <Link to={paths.store.getHref(shop.slug)} className="after:absolute after:inset-0 focus:outline-none">
      {shop.tradingName}
    </Link>
  )
  if (view === 'list') {
    // A row whose columns line up from one store to the next (issue 15, §3): a fixed name column,
    // then floor and shop, phone and hours, each in its own column even when a value is missing.
    return (
      <li
        className={cn(
          card,
          '[contain-intrinsic-size:auto_7rem] grid gap-x-6 gap-y-2 p-4 text-sm text-stone-600 md:grid-cols-[minmax(0,17rem)_minmax(0,14rem)_minmax(0,8.5rem)_minmax(0,1fr)] md:items-center',
        )}
      >
        <div className="flex min-w-0 items-center gap-3">
          <StoreLogo shop={shop} className="size-10 shrink-0 text-sm" />
          <div className="min-w-0">
            <h2 className="truncate text-base leading-snug font-semibold text-stone-900">{name}</h2>
            <p className="truncate text-xs text-stone-500">{shop.category}</p>
          </div>
        </div>
        <p className="flex items-center gap-1.5" data-column="floor">
          <MapPinIcon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span>
            <span className="whitespace-nowrap">{shop.floor}</span> ·{' '}
            <span className="whitespace-nowrap">Shop {shop.shopNo}</span>
          </span>
        </p>
        <p className="flex items-center gap-1.5 whitespace-nowrap" data-column="phone">
          <PhoneIcon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          {shop.phone || <span className="text-stone-400">No phone listed</span>}
        </p>
        <div className="flex items-start gap-1.5" data-column="hours">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <OpenStatusChip status={status} />
            <span>{hours}</span>
          </span>
        </div>
        {live && <div className="md:col-span-4">{live}</div>}
      </li>
    )
  }
  return (
    <li className={cn(card, '[contain-intrinsic-size:auto_16rem] flex flex-col gap-4 p-5')}>
      <div className="flex items-start gap-4">
        <StoreLogo shop={shop} className="size-14 text-lg" />
        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-semibold text-stone-900">{name}</h2>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <Badge variant="accent">{shop.category}</Badge>
            <OpenStatusChip status={status} />
          </div>
        </div>
      </div>
      <div className="min-w-0 flex-1 space-y-2 text-sm text-stone-600">
        {shop.description && <p className="line-clamp-2">{shop.description}</p>}
        <p className="flex items-center gap-1.5">
          <MapPinIcon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          {shop.floor} · Shop {shop.shopNo}
        </p>
        {shop.phone && (
          <p className="flex items-center gap-1.5 whitespace-nowrap">
            <PhoneIcon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
            {shop.phone}
          </p>
        )}
        <p className="flex items-start gap-1.5">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span>{hours}</span>
        </p>
        {live}
      </div>
    </li>
  )
}
