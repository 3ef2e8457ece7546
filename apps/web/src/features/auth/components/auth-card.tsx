import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Card } from '../../../components/ui/card'

/**
 * The frame of every sign-in screen: the centre's name, one heading, the form. Full height on a
 * phone, a centred card on a wider screen. `brand` is the area's mark (drawn by the app).
 */
export function AuthCard({
  area,
  title,
  description,
  children,
  footer,
  brand,
}: {
  /** 'Tenant Portal' or 'Back Office'. */
  area: string
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
  brand?: ReactNode
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-brand-50 via-white to-amber-50">
      <header className="mx-auto flex w-full max-w-md items-center gap-3 px-4 pt-8 sm:pt-16">
        <Link
          to="/"
          className="flex items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
        >
          {brand}
          <span className="leading-tight">
            <span className="block text-base font-bold text-stone-900">Genesis Centre</span>
            <span className="block text-sm text-stone-600">{area}</span>
          </span>
        </Link>
      </header>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-6 sm:py-8">
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
          {description && <div className="mt-2 text-sm text-stone-600">{description}</div>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-stone-600">{footer}</div>}
      </main>
    </div>
  )
}
