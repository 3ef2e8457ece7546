import { cn } from '../../lib/cn'
import type { LiveState } from '../../lib/use-realtime-refresh'

/** Whether a list is updating live (realtime), in words and a coloured dot. */
export function LiveIndicator({ state, liveText = 'Live' }: { state: LiveState; liveText?: string }) {
  return (
    <span className="flex items-center gap-1.5 text-xs text-stone-600" role="status">
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          state === 'live' ? 'bg-green-600' : state === 'offline' ? 'bg-red-600' : 'bg-stone-400',
        )}
      />
      {state === 'live' ? liveText : state === 'offline' ? 'Not live: reload to update' : 'Connecting…'}
    </span>
  )
}
