import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/**
 * A grey block where content will be, drawn still (decision 056). It used to pulse
 * (`animate-pulse`, an endless opacity animation): every pulsing block kept the compositor drawing
 * a frame every 16 ms for as long as it was on screen, from the dashboard's first paint until its
 * answers arrived, which on a phone without a spare core is taken from the page's own start. The
 * loading state is told by its container (`aria-busy`, `role="status"` with a label), not by motion.
 */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('rounded-md bg-stone-200', className)} {...props} />
}
