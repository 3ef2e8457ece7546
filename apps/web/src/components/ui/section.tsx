import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

/** A page section with an eyebrow, heading and intro, at the site's width and spacing. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  className,
  tone = 'white',
}: {
  id?: string
  eyebrow?: string
  title: string
  intro?: ReactNode
  children: ReactNode
  className?: string
  tone?: 'white' | 'warm' | 'dark'
}) {
  const headingId = id ? `${id}-heading` : undefined
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'py-16 sm:py-20',
        tone === 'warm' && 'bg-brand-50/60',
        tone === 'dark' && 'bg-stone-900 text-white',
        className,
      )}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          {eyebrow && (
            <p
              className={cn(
                'text-sm font-semibold tracking-wide uppercase',
                tone === 'dark' ? 'text-brand-200' : 'text-brand-700',
              )}
            >
              {eyebrow}
            </p>
          )}
          <h2
            id={headingId}
            className={cn(
              'mt-2 text-3xl font-bold tracking-tight sm:text-4xl',
              tone === 'dark' ? 'text-white' : 'text-stone-900',
            )}
          >
            {title}
          </h2>
          {intro && (
            <p className={cn('mt-4 text-lg', tone === 'dark' ? 'text-stone-200' : 'text-stone-600')}>
              {intro}
            </p>
          )}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  )
}

/** The top band of an inner page. */
export function PageHero({
  eyebrow,
  title,
  intro,
  compact = false,
  actions,
}: {
  eyebrow?: string
  title: string
  intro?: ReactNode
  /** Shorter on phones, for pages whose content should start on the first screen (the directory). */
  compact?: boolean
  /** The page's main actions, under the intro. */
  actions?: ReactNode
}) {
  return (
    <div className="bg-gradient-to-br from-brand-50 via-white to-amber-50 border-b border-stone-200">
      <div className={cn('mx-auto max-w-7xl px-4 sm:px-6 sm:py-20', compact ? 'py-6' : 'py-14')}>
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
        <h1
          className={cn(
            'mt-2 max-w-3xl font-extrabold tracking-tight text-stone-900 sm:text-5xl',
            compact ? 'text-3xl' : 'text-4xl',
          )}
        >
          {title}
        </h1>
        {intro && (
          <p
            className={cn(
              'max-w-2xl text-stone-600 sm:mt-4 sm:text-lg',
              compact ? 'mt-2 text-base' : 'mt-4 text-lg',
            )}
          >
            {intro}
          </p>
        )}
        {actions && <div className="mt-6 flex flex-col gap-3 sm:flex-row">{actions}</div>}
      </div>
    </div>
  )
}
