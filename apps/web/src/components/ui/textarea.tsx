import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { CONTROL_CLASSES } from './input'

/** A multi-line text input. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(CONTROL_CLASSES, 'min-h-28 py-2', className)} {...props} />
}
