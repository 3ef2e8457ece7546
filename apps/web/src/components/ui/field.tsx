import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../../lib/cn'

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 aria-[invalid=true]:border-red-600'

interface FieldProps {
  label: string
  required?: boolean
  /** The field's own problem, shown under it. */
  error?: string
  /** The id of a form-level message that also describes this field when it is invalid. */
  describedBy?: string
  children: (control: {
    id: string
    'aria-invalid': boolean
    'aria-describedby'?: string
    required?: boolean
    className: string
  }) => ReactNode
  className?: string
}

/** A visible label, the control, and its inline error wired with aria-invalid/aria-describedby. */
export function Field({ label, required, error, describedBy, children, className }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const invalid = Boolean(error) || Boolean(describedBy)
  const describedByIds = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': invalid,
        'aria-describedby': describedByIds,
        required,
        className: cn(CONTROL, invalid ? 'border-red-600' : 'border-stone-300'),
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

export function TextInput({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('h-11', className)} {...props} />
}

export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('min-h-28 py-2', className)} {...props} />
}

/** A native select: the most robust choice for keyboards, screen readers and phones. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn('h-11 pr-8', className)} {...props} />
}
