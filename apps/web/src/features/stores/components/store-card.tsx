import { formatOpeningHours, formatOpeningHoursShort } from '@genesis/contracts/opening-hours'
import { ClockIcon, MapPinIcon, PhoneIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../config/paths'
import { cn } from '../../../lib/cn'
import type { Shop } from '../api/get-shops'
import { StoreLogo } from './store-logo'

/** One store in the directory, as a card (grid) or a row (list). The whole card links to the store. */
export function StoreCard({ shop, view }: { shop: Shop; view: 'grid' | 'list' }) {
  // A store with no hours at all reads better as 'not listed' than as three 'Closed' days.
  const hours = formatOpeningHours(shop.tradingHours)
    ? formatOpeningHoursShort(shop.tradingHours)
    : 'Hours not listed'
  return (
    <li
      className={cn(
        'group relative flex gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md',
        view === 'grid' ? 'flex-col' : 'flex-col sm:flex-row sm:items-center',
      )}
    >
      <div className="flex items-start gap-4">
        <StoreLogo shop={shop} className={view === 'grid' ? 'size-14 text-lg' : 'size-12 text-base'} />
        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-semibold text-stone-900">
            <Link
              to={paths.store.getHref(shop.slug)}
              className="after:absolute after:inset-0 focus:outline-none"
            >
              {shop.tradingName}
            </Link>
          </h2>
          <Badge variant="accent" className="mt-1">
            {shop.category}
          </Badge>
        </div>
      </div>
      <div className={cn('min-w-0 flex-1 space-y-2 text-sm text-stone-600', view === 'list' && 'sm:pl-4')}>
        {shop.description && (
          <p className={view === 'grid' ? 'line-clamp-2' : 'line-clamp-1'}>{shop.description}</p>
        )}
        <p className="flex items-center gap-1.5">
          <MapPinIcon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          {shop.floor} · Shop {shop.shopNo}
        </p>
        {shop.phone && (
          <p className="flex items-center gap-1.5">
            <PhoneIcon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
            {shop.phone}
          </p>
        )}
        <p className="flex items-start gap-1.5">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span>{hours}</span>
        </p>
      </div>
    </li>
  )
}
