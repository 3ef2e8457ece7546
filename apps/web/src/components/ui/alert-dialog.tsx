import { AlertDialog as A } from 'radix-ui'
import type { ReactNode } from 'react'
import { buttonClasses } from './button'

export const AlertDialog = A.Root
export const AlertDialogTrigger = A.Trigger

/**
 * A confirmation that must be answered (Radix AlertDialog: focus starts on Cancel, Escape
 * cancels). `onConfirm` runs the action; keep the dialog open while it is pending by
 * controlling `open` from the caller.
 */
export function AlertDialogContent({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive,
  pending,
  onConfirm,
  children,
}: {
  title: string
  description: ReactNode
  confirmLabel: string
  cancelLabel?: string
  destructive?: boolean
  pending?: boolean
  onConfirm: () => void
  children?: ReactNode
}) {
  return (
    <A.Portal>
      <A.Overlay className="fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-sm" />
      <A.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
        <A.Title className="text-lg font-bold text-stone-900">{title}</A.Title>
        <A.Description className="mt-2 text-sm text-stone-600">{description}</A.Description>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <A.Cancel className={buttonClasses('outline')} disabled={pending}>
            {cancelLabel}
          </A.Cancel>
          <button
            type="button"
            className={buttonClasses(
              'primary',
              'md',
              destructive ? 'bg-red-700 hover:bg-red-800' : undefined,
            )}
            disabled={pending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </A.Content>
    </A.Portal>
  )
}
