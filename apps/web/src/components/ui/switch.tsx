import { Switch as S } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** An on/off switch (role="switch", Space toggles). Give it a label through aria-label or a Label. */
export function Switch({ className, ...props }: ComponentProps<typeof S.Root>) {
  return (
    <S.Root
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'bg-stone-400 data-[state=checked]:bg-brand-700',
        className,
      )}
      {...props}
    >
      <S.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </S.Root>
  )
}
