import { CheckIcon, ChevronDownIcon } from 'lucide-react'
import { Select as S } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/**
 * A styled listbox (Radix Select) for choices inside the portals. Public-site filters keep the
 * native select (decision 009); here a consistent look on every platform matters more.
 */
export const Select = S.Root
export const SelectValue = S.Value
export const SelectGroup = S.Group

export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof S.Trigger>) {
  return (
    <S.Trigger
      className={cn(
        'flex h-11 w-full items-center justify-between gap-2 rounded-lg border border-stone-300 bg-white px-3 text-left text-base text-stone-900',
        'focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
        'aria-[invalid=true]:border-red-600 data-[placeholder]:text-stone-500',
        className,
      )}
      {...props}
    >
      {children}
      <S.Icon asChild>
        <ChevronDownIcon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
      </S.Icon>
    </S.Trigger>
  )
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: ComponentProps<typeof S.Content>) {
  return (
    <S.Portal>
      <S.Content
        position={position}
        sideOffset={4}
        className={cn(
          'relative z-50 max-h-80 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-stone-200 bg-white text-stone-800 shadow-lg',
          className,
        )}
        {...props}
      >
        <S.Viewport className="p-1">{children}</S.Viewport>
      </S.Content>
    </S.Portal>
  )
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof S.Item>) {
  return (
    <S.Item
      className={cn(
        'relative flex min-h-10 cursor-pointer items-center rounded-lg py-2 pr-3 pl-8 text-sm outline-none select-none',
        'data-[highlighted]:bg-stone-100 data-[highlighted]:text-stone-900 data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <S.ItemIndicator>
          <CheckIcon className="size-4 text-brand-700" aria-hidden="true" />
        </S.ItemIndicator>
      </span>
      <S.ItemText>{children}</S.ItemText>
    </S.Item>
  )
}
