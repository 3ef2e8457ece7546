import { DropdownMenu as M } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

export const DropdownMenu = M.Root
export const DropdownMenuTrigger = M.Trigger
export const DropdownMenuGroup = M.Group

/** The menu panel (Radix: arrow keys, type-ahead, Escape, focus return). */
export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 min-w-52 overflow-hidden rounded-xl border border-stone-200 bg-white p-1 text-stone-800 shadow-lg',
          className,
        )}
        {...props}
      />
    </M.Portal>
  )
}

export function DropdownMenuItem({
  className,
  destructive,
  ...props
}: ComponentProps<typeof M.Item> & { destructive?: boolean }) {
  return (
    <M.Item
      className={cn(
        'relative flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none select-none',
        'data-[highlighted]:bg-stone-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        destructive ? 'text-red-700 data-[highlighted]:text-red-800' : 'data-[highlighted]:text-stone-900',
        className,
      )}
      {...props}
    />
  )
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof M.Label>) {
  return <M.Label className={cn('px-3 py-2 text-xs text-stone-600', className)} {...props} />
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof M.Separator>) {
  return <M.Separator className={cn('my-1 h-px bg-stone-200', className)} {...props} />
}
