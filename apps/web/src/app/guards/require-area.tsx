import { ADMIN_ROLE } from '@genesis/contracts/auth-routing'
import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react'
import { Navigate, useLocation } from 'react-router'
import { Skeleton } from '../../components/ui/skeleton'
import { AREA_ROUTES, type Area, loginHref } from '../../lib/session/area'
import { assuranceOf } from '../../lib/session/assurance'
import { SessionPending, useSession } from '../../lib/session/session-context'

const TwoFactorStep = lazy(() => import('./two-factor-step'))

const AREA_LABEL: Record<Area, string> = { tenant: 'Tenant Portal', admin: 'Back Office' }

/** What a guarded page shows while the first session check runs. */
export function AreaLoading({ label }: { label: string }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6" aria-busy="true">
      <Skeleton className="h-10 w-64" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
      <Skeleton className="h-64" />
      <span className="sr-only" role="status">
        Loading the {label}…
      </span>
    </div>
  )
}

/**
 * Guards an area's pages (both areas use it):
 * - while the session is checked, a loading skeleton;
 * - nobody signed in: the area's login, with `?next=` back to this page (same-origin path);
 * - the wrong role: the other area (a tenant on /admin/* goes to /tenant/dashboard, an admin on
 *   /tenant/* to /admin/dashboard);
 * - a verified authenticator but an aal1 token: the code step, before anything of theirs loads;
 * - `twoFactor="required"` (admins, when the centre makes two-factor mandatory) and no
 *   authenticator yet: enrolment first.
 * The database enforces the same rules; this only decides what to show.
 *
 * `keepPageWhileLoading` (the tenant dashboard, opened with a session stored by an earlier visit):
 * while the session is checked the page itself is drawn in its loading state instead of the
 * skeleton, as the served HTML's first paint already shows it, and kept when the check ends, so
 * nothing on screen is replaced. The page sees nobody signed in until then (`SessionPending`) and
 * loads nothing; every other outcome (login, the other area, the code step) replaces it as before.
 */
export function RequireArea({
  area,
  twoFactor = 'when-enrolled',
  keepPageWhileLoading = false,
  children,
}: {
  area: Area
  twoFactor?: 'when-enrolled' | 'required'
  keepPageWhileLoading?: boolean
  children: ReactNode
}) {
  const session = useSession()
  const location = useLocation()
  const label = AREA_LABEL[area]
  // The first session check ends through an external store, whose updates React renders at once
  // and whole: the page behind the guard would be drawn in one long task. Deferred, the loading
  // state stays for that update and the page is drawn in a background render React can pause for
  // input. (Later changes of the session, such as a sign-out, are not deferred.)
  const checked = useDeferredValue(!session.loading)

  if (session.loading || !checked) {
    return keepPageWhileLoading ? (
      <SessionPending pending>{children}</SessionPending>
    ) : (
      <AreaLoading label={label} />
    )
  }
  if (!session.user || !session.session) {
    // After signing out on purpose the login starts afresh; otherwise it leads back here.
    const next =
      session.ended === 'signed-out' ? undefined : location.pathname + location.search + location.hash
    return <Navigate to={loginHref(area, next)} replace />
  }
  const isAdmin = session.role === ADMIN_ROLE
  if (area === 'admin' && !isAdmin) return <Navigate to={AREA_ROUTES.tenant.home} replace />
  if (area === 'tenant' && isAdmin) return <Navigate to={AREA_ROUTES.admin.home} replace />

  const assurance = assuranceOf(session.session)
  const step = assurance.needsChallenge
    ? 'challenge'
    : twoFactor === 'required' && !assurance.hasVerifiedFactor
      ? 'enrol'
      : undefined
  if (step) {
    // The code and enrolment forms load only for the few who need them, not with every page.
    return (
      <Suspense fallback={<AreaLoading label={label} />}>
        <TwoFactorStep step={step} label={label} />
      </Suspense>
    )
  }
  // The same element as while loading (when the page was kept), so the page stays as it is.
  return <SessionPending pending={false}>{children}</SessionPending>
}
