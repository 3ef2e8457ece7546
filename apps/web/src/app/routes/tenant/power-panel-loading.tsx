import { SHOP_POWER_STATES } from '@genesis/contracts/power-status'
import { Skeleton } from '../../../components/ui/skeleton'

/**
 * The trading-status card while its form loads (or while the tenancy does): the form's own layout
 * (`PowerReportForm` for a shop: heading, three states, the time, the note, the button, and the
 * latest reports beside it from large screens), with its texts and a grey block per control, so
 * the card is as tall as the form it becomes and the notices below it do not move when it arrives.
 */
export function PowerPanelLoading() {
  return (
    <div
      className="grid gap-6 lg:grid-cols-2"
      role="status"
      aria-busy="true"
      aria-label="Loading your store's status"
    >
      <div className="space-y-4" aria-hidden="true">
        <p className="text-base font-semibold text-stone-900">Report your store's state</p>
        <div className="space-y-2">
          <p className="text-sm font-medium text-stone-800">State</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {SHOP_POWER_STATES.map((s) => (
              <Skeleton key={s} className="h-11" />
            ))}
          </div>
        </div>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-stone-800">Since (today, SAST; leave empty for now)</p>
          <Skeleton className="h-11" />
        </div>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-stone-800">Note for visitors (optional)</p>
          <Skeleton className="h-28" />
        </div>
        {/* The button's box and baseline (inline-flex around its text), so the line is as tall. */}
        <Skeleton className="inline-flex h-11 items-center px-5 text-sm font-semibold text-transparent">
          Report status
        </Skeleton>
      </div>
      <div aria-hidden="true">
        <p className="text-base font-semibold text-stone-900">Latest reports</p>
        <Skeleton className="mt-3 h-24 w-full" />
      </div>
    </div>
  )
}
