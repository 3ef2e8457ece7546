import type { KeyboardEvent, ReactNode, Ref } from 'react'
import { useRef } from 'react'
import { cn } from '../../lib/cn'

/*
 * Tabs without Radix, in a module of their own: the tenant dashboard's tabs are its first paint,
 * and importing them from `tabs.tsx` brought Radix's Tabs (its roving-focus group, collection,
 * presence and primitives: two chunks, about 24 KB of script) into the code evaluated before the
 * dashboard's first frame, although nothing there draws them.
 */

export const LIST_CLASS =
  'inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1 text-stone-700'
export const TRIGGER_CLASS = cn(
  'inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors',
  'hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
  'data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm',
)

/**
 * A tab's panel without Radix's `Presence` (which `TabsContent` wraps every panel in): Presence
 * reads each panel's computed `animationName` in its ref callback, forcing a style recalculation
 * of the freshly drawn page inside the commit, then sets state in a layout effect, a second commit
 * of every panel. These panels have no exit animation to wait for, so the open one is drawn and
 * the others are empty and `hidden`, as Radix draws them. The tab buttons must name their panel:
 * give each `TabsTrigger` `id={tabId(base, value)}` and `aria-controls={panelId(base, value)}`.
 */
export function TabsPanel({
  base,
  value,
  selected,
  className,
  children,
}: {
  base: string
  value: string
  selected: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(base, value)}
      aria-labelledby={tabId(base, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable, as Radix makes it (WAI-ARIA tabs pattern)
      tabIndex={0}
      className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-brand-700', className)}
    >
      {selected && children}
    </div>
  )
}

export const tabId = (base: string, value: string) => `${base}-tab-${value}`
export const panelId = (base: string, value: string) => `${base}-panel-${value}`

/**
 * A row of tabs without Radix (no roving-focus group, collection or slot components: about eight
 * components per tab fewer to draw at start), for a page whose tabs are its first paint (the
 * tenant dashboard). The WAI-ARIA tabs pattern as Radix's Tabs implements it with automatic
 * activation: one tab in the tab order (the open one), the arrow keys move to the next or previous
 * tab and open it (wrapping round), Home and End to the first and last; a click opens a tab. Pair
 * with `TabsPanel` (same `base`).
 */
export function PlainTabs<V extends string>({
  base,
  label,
  tabs,
  value,
  onValueChange,
  listRef,
  className,
}: {
  base: string
  /** The tab list's accessible name. */
  label: string
  tabs: readonly { id: V; label: string }[]
  value: V
  onValueChange: (value: V) => void
  listRef?: Ref<HTMLDivElement>
  className?: string
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = buttons.current.indexOf(event.target as HTMLButtonElement)
    if (from < 0 || event.altKey || event.ctrlKey || event.metaKey) return
    const last = tabs.length - 1
    const to =
      event.key === 'ArrowRight'
        ? from === last
          ? 0
          : from + 1
        : event.key === 'ArrowLeft'
          ? from === 0
            ? last
            : from - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (to === undefined) return
    event.preventDefault()
    buttons.current[to]?.focus()
    if (tabs[to].id !== value) onValueChange(tabs[to].id)
  }
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(LIST_CLASS, className)}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, i) => {
        const selected = tab.id === value
        return (
          <button
            key={tab.id}
            ref={(node) => {
              buttons.current[i] = node
            }}
            type="button"
            role="tab"
            id={tabId(base, tab.id)}
            aria-controls={panelId(base, tab.id)}
            aria-selected={selected}
            data-state={selected ? 'active' : 'inactive'}
            data-orientation="horizontal"
            tabIndex={selected ? 0 : -1}
            className={TRIGGER_CLASS}
            onClick={() => {
              if (!selected) onValueChange(tab.id)
            }}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
