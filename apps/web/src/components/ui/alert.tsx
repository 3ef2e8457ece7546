import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn'

export type AlertVariant = 'info' | 'success' | 'warning' | 'error'

const STYLES: Record<AlertVariant, { box: string; icon: ReactNode }> = {
  info: {
    box: 'border-sky-200 bg-sky-50 text-sky-950',
    icon: <InfoIcon className="size-5 text-sky-700" aria-hidden="true" />,
  },
  success: {
    box: 'border-green-200 bg-green-50 text-green-950',
    icon: <CircleCheckIcon className="size-5 text-green-700" aria-hidden="true" />,
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-950',
    icon: <TriangleAlertIcon className="size-5 text-amber-700" aria-hidden="true" />,
  },
  error: {
    box: 'border-red-200 bg-red-50 text-red-950',
    icon: <CircleAlertIcon className="size-5 text-red-700" aria-hidden="true" />,
  },
}

/**
 * A message box. Errors are announced at once (role="alert"); other variants politely
 * (role="status") — pass `role` to override, e.g. `role={undefined}` for static text.
 */
export function Alert({
  variant = 'info',
  title,
  children,
  className,
  action,
  ...props
}: Omit<ComponentProps<'div'>, 'title'> & {
  variant?: AlertVariant
  title?: ReactNode
  /** A button or link shown under the text (Try again, Sign in). */
  action?: ReactNode
}) {
  const style = STYLES[variant]
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      className={cn('flex gap-3 rounded-xl border p-4 text-sm', style.box, className)}
      {...props}
    >
      <div className="mt-0.5 shrink-0">{style.icon}</div>
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="leading-relaxed">{children}</div>}
        {action && <div className="pt-2">{action}</div>}
      </div>
    </div>
  )
}
