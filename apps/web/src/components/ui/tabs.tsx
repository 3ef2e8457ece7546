import { Tabs as T } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { LIST_CLASS, TRIGGER_CLASS } from './plain-tabs'

/** Radix's tabs. A page whose tabs are its first paint uses `PlainTabs` (`plain-tabs.tsx`) instead. */
export const Tabs = T.Root

/** The row of tab buttons; scrolls sideways on a narrow screen rather than wrapping. */
export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return <T.List className={cn(LIST_CLASS, className)} {...props} />
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return <T.Trigger className={cn(TRIGGER_CLASS, className)} {...props} />
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return (
    <T.Content
      className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-brand-700', className)}
      {...props}
    />
  )
}
