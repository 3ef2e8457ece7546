import { CheckIcon } from 'lucide-react'
import { Checkbox as C } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

export function Checkbox({ className, ...props }: ComponentProps<typeof C.Root>) {
  return (
    <C.Root
      className={cn(
        'peer size-5 shrink-0 rounded border border-stone-400 bg-white',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white',
        className,
      )}
      {...props}
    >
      <C.Indicator className="flex items-center justify-center">
        <CheckIcon className="size-4" aria-hidden="true" />
      </C.Indicator>
    </C.Root>
  )
}
