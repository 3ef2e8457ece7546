import { LoaderCircleIcon } from 'lucide-react'
import { cn } from '../../lib/cn'

/** A spinning indicator; decorative unless given a label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircleIcon
      className={cn('size-4 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    />
  )
}
