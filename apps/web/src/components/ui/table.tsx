import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn'

/** A data table that scrolls sideways inside its own box on narrow screens (never the page). */
export function Table({
  className,
  label,
  ...props
}: ComponentProps<'table'> & {
  /** Names the scrolling region for screen readers and keyboard users. */
  label?: string
}) {
  return (
    // A scrollable region must be focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <section className="relative w-full overflow-x-auto" tabIndex={0} aria-label={label}>
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </section>
  )
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b border-stone-200 bg-stone-50', className)} {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-stone-100', className)} {...props} />
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return <tfoot className={cn('border-t border-stone-200 bg-stone-50 font-semibold', className)} {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('transition-colors hover:bg-stone-50/70', className)} {...props} />
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-stone-600 uppercase',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle text-stone-800', className)} {...props} />
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-left text-sm text-stone-600', className)} {...props} />
}

/** One full-width row for the empty state of a table. */
export function TableEmpty({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-8 text-center text-sm text-stone-600">
        {children}
      </td>
    </tr>
  )
}
