import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** The look every text control shares (also used by Field's render prop). */
export const CONTROL_CLASSES =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 disabled:cursor-not-allowed disabled:bg-stone-100 ' +
  'disabled:text-stone-500 aria-[invalid=true]:border-red-600'

/** A single-line text input (shadcn-style); pair it with a Label, or use Field. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(CONTROL_CLASSES, 'h-11', className)} {...props} />
}
