import { Progress as P } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** A determinate progress bar (value 0–100); name it with aria-label. */
export function Progress({ className, value, ...props }: ComponentProps<typeof P.Root> & { value: number }) {
  const clamped = Math.max(0, Math.min(100, value))
  return (
    <P.Root
      value={clamped}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-stone-200', className)}
      {...props}
    >
      <P.Indicator
        className="h-full bg-brand-700 transition-transform"
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </P.Root>
  )
}
