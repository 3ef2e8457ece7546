import type { OpeningHours } from '@genesis/contracts/opening-hours'
import { ClockIcon } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { OpenStatusChip } from './open-status-chip'
import { useOpenStatuses } from './use-open-status'

/**
 * The centre's own open-now line under the home page's hero: its hours and the public holidays,
 * in South African time. The band keeps its height while the status is unknown, so nothing below
 * it moves when it is filled in.
 */
export function CentreOpenBand({ centreName, hours }: { centreName: string; hours: OpeningHours }) {
  const subjects = useMemo(() => [{ id: null, hours }], [hours])
  const status = useOpenStatuses(subjects)?.get(null)
  const known = status !== undefined && status.state !== 'unknown'
  return (
    <div className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm sm:px-6">
        {known && (
          <>
            <p className="flex flex-wrap items-center gap-2 text-stone-700">
              <ClockIcon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="font-semibold text-stone-900">{centreName}</span>
              <OpenStatusChip status={status} />
              {status.note && <span>{status.note}</span>}
            </p>
            <Link
              to={paths.stores.getHref({ open: 'now' })}
              className="font-semibold text-brand-800 underline-offset-2 hover:underline"
            >
              Stores open now
            </Link>
          </>
        )}
      </div>
    </div>
  )
}
