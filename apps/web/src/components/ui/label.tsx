import { Label as L } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** A form label (Radix: a click focuses its control). */
export function Label({ className, ...props }: ComponentProps<typeof L.Root>) {
  return <L.Root className={cn('block text-sm font-medium text-stone-800', className)} {...props} />
}
