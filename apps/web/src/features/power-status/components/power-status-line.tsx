import {
  type CurrentPowerStatus,
  describePowerStatus,
  formatSastTime,
  isPowerStatusStale,
  POWER_STATE_TONE,
} from '@genesis/contracts/power-status'
import { cn } from '../../../lib/cn'

const TONE = {
  good: 'border-green-200 bg-green-50 text-green-900',
  warn: 'border-amber-200 bg-amber-50 text-amber-950',
  bad: 'border-red-200 bg-red-50 text-red-900',
  stale: 'border-stone-200 bg-stone-50 text-stone-700',
}
const DOT = { good: 'bg-green-600', warn: 'bg-amber-500', bad: 'bg-red-600', stale: 'bg-stone-400' }

/**
 * One report as visitors read it: the state, since when, the note and when it was reported. A
 * report older than the centre's setting is shown as not confirmed, never as the current state.
 */
export function PowerStatusLine({
  status,
  now,
  label,
  compact = false,
  className,
}: {
  status: CurrentPowerStatus
  now: Date
  /** "Centre power", "Store status". */
  label: string
  compact?: boolean
  className?: string
}) {
  const stale = isPowerStatusStale(status, now)
  const tone = stale ? 'stale' : POWER_STATE_TONE[status.state]
  const reported = formatSastTime(status.reported_at, now)
  const text = stale
    ? `Not confirmed since ${reported}. Last report: ${describePowerStatus(status, now)}`
    : describePowerStatus(status, now)
  return (
    <div
      data-testid="power-status"
      data-state={status.state}
      data-stale={stale ? 'true' : 'false'}
      className={cn(
        'rounded-xl border',
        compact ? 'px-2.5 py-1 text-xs' : 'px-4 py-3 text-sm',
        TONE[tone],
        className,
      )}
    >
      <p className="flex items-center gap-2 font-medium">
        <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', DOT[tone])} />
        <span>
          <span className={compact ? 'sr-only' : 'font-semibold'}>{label}: </span>
          {text}
        </span>
      </p>
      {!compact && status.note && <p className="mt-1 pl-4">{status.note}</p>}
      {!compact && !stale && <p className="mt-1 pl-4 text-xs opacity-80">Reported {reported} (SAST)</p>}
    </div>
  )
}
