import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

export type BadgeVariant = 'success' | 'secondary' | 'accent' | 'outline' | 'warning' | 'danger' | 'info'

const VARIANTS: Record<BadgeVariant, string> = {
  success: 'bg-green-100 text-green-800 ring-green-600/20',
  secondary: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  accent: 'bg-brand-100 text-brand-800 ring-brand-700/20',
  outline: 'bg-white text-stone-700 ring-stone-300',
  warning: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  danger: 'bg-red-100 text-red-800 ring-red-600/20',
  info: 'bg-sky-100 text-sky-900 ring-sky-600/20',
}

export function Badge({
  variant = 'secondary',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      data-variant={variant}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  )
}
