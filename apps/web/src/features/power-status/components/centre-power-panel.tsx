import type { CurrentPowerStatus } from '@genesis/contracts/power-status'
import { ZapIcon } from 'lucide-react'
import { PowerStatusLine } from './power-status-line'

/**
 * The centre's power status for visitors (home, directory, store pages): the latest report by
 * centre management, or a line saying none has been made. Keeps its height while loading, so the
 * page does not move when the report arrives.
 */
export function CentrePowerPanel({
  statuses,
  now,
  pending,
}: {
  statuses: CurrentPowerStatus[] | undefined
  now: Date
  pending: boolean
}) {
  const centre = statuses?.find((s) => s.shop_id === null)
  if (pending)
    return <div className="min-h-12 rounded-xl border border-stone-200 bg-stone-50" aria-hidden="true" />
  if (!centre)
    return (
      <p className="flex min-h-12 items-center gap-2 rounded-xl border border-stone-200 bg-stone-50 px-4 text-sm text-stone-700">
        <ZapIcon className="size-4 shrink-0" aria-hidden="true" />
        Centre power: no status reported yet.
      </p>
    )
  return <PowerStatusLine status={centre} now={now} label="Centre power" />
}

/** A shop's own status as the directory and its page show it (nothing when it never reported). */
export function ShopPowerStatus({
  statuses,
  shopId,
  now,
  compact,
}: {
  statuses: CurrentPowerStatus[] | undefined
  shopId: string
  now: Date
  compact?: boolean
}) {
  const status = statuses?.find((s) => s.shop_id === shopId)
  if (!status) return null
  return <PowerStatusLine status={status} now={now} label="Store status" compact={compact} />
}
