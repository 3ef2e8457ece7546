import { XIcon } from 'lucide-react'
import { Dialog as D } from 'radix-ui'
import type { ReactNode, RefObject } from 'react'
import { cn } from '../../lib/cn'

export const Dialog = D.Root
export const DialogTrigger = D.Trigger
export const DialogClose = D.Close

/** A centred modal (Radix: focus trap, Escape, labelled by its title). */
export function DialogContent({
  title,
  description,
  children,
  className,
  returnFocusTo,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  className?: string
  /** Where focus goes on close when the dialog was opened by something other than a DialogTrigger. */
  returnFocusTo?: RefObject<HTMLElement | null>
}) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-sm" />
      <D.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return
          event.preventDefault()
          returnFocusTo.current.focus()
        }}
      >
        <D.Title className="pr-8 text-xl font-bold text-stone-900">{title}</D.Title>
        {description && <D.Description className="mt-1 text-sm text-stone-600">{description}</D.Description>}
        <div className="mt-5">{children}</div>
        <D.Close
          className="absolute top-4 right-4 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
          aria-label="Close"
        >
          <XIcon className="size-5" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  )
}

/** A panel sliding in from the right edge (the mobile menu). */
export function SheetContent({
  title,
  children,
  returnFocusTo,
}: {
  title: string
  children: ReactNode
  /** Where focus goes on close when the sheet was opened by something other than a DialogTrigger. */
  returnFocusTo?: RefObject<HTMLElement | null>
}) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
      <D.Content
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return
          event.preventDefault()
          returnFocusTo.current.focus()
        }}
        className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col bg-white p-6 shadow-xl focus:outline-none"
      >
        <D.Title className="text-lg font-bold text-stone-900">{title}</D.Title>
        <div className="mt-6 flex-1 overflow-y-auto">{children}</div>
        <D.Close
          className="absolute top-5 right-5 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
          aria-label="Close menu"
        >
          <XIcon className="size-5" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  )
}
