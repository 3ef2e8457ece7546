import { Separator as S } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

export function Separator({
  className,
  orientation = 'horizontal',
  ...props
}: ComponentProps<typeof S.Root>) {
  return (
    <S.Root
      orientation={orientation}
      className={cn(
        'shrink-0 bg-stone-200',
        orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px',
        className,
      )}
      {...props}
    />
  )
}
