import type { OpenStatus } from '@genesis/contracts/open-now'
import { cn } from '../../../lib/cn'

/**
 * 'Open now · until 17:00' or 'Closed · opens Mon 08:00', always in South African time. Nothing at
 * all when the status cannot be judged (hours as free text, or none given).
 */
export function OpenStatusChip({
  status,
  className,
}: {
  status: OpenStatus | undefined
  className?: string
}) {
  if (!status || status.state === 'unknown') return null
  const open = status.state === 'open'
  return (
    <span
      data-open-status={status.state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        open
          ? 'bg-green-50 text-green-800 ring-green-600/25'
          : 'bg-stone-100 text-stone-700 ring-stone-500/25',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', open ? 'bg-green-600' : 'bg-stone-500')}
      />
      {status.label}
    </span>
  )
}
