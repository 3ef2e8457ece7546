import { ADMIN_ROLE, safeNextPath } from '@genesis/contracts/auth-routing'
import { type ReactNode, useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { AREA_ROUTES, type Area } from '../../../lib/session/area'
import { useSession } from '../../../lib/session/session-context'
import { AuthCard } from './auth-card'
import { ForgotPasswordForm } from './forgot-password-form'
import { SetNewPasswordForm } from './set-new-password-form'
import { SignInForm } from './sign-in-form'

const LABELS: Record<Area, { area: string; title: string; other: string; otherHome: string }> = {
  tenant: {
    area: 'Tenant Portal',
    title: 'Sign in to the Tenant Portal',
    other: 'You are signed in as centre management',
    otherHome: 'Go to the admin area',
  },
  admin: {
    area: 'Back Office',
    title: 'Sign in to the Back Office',
    other: 'You are signed in as a tenant',
    otherHome: 'Go to your tenant portal',
  },
}

/**
 * Everything a login route shows (`/tenant/login`, `/admin/login`): the sign-in form, 'Forgot
 * password?', the set-new-password screen a recovery link opens, why a session ended, and for
 * someone already signed in either the way on (`?next=`, same-origin paths only) or, when they
 * belong to the other area, an offer to go there. The second factor is asked for by the area's
 * guard on the page they land on, before anything of theirs loads.
 */
export function SignInScreen({ area, brand }: { area: Area; brand?: ReactNode }) {
  const session = useSession()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [mode, setMode] = useState<{ kind: 'sign-in' | 'forgot'; email: string }>({
    kind: 'sign-in',
    email: '',
  })
  const labels = LABELS[area]
  const next = safeNextPath(params.get('next'), AREA_ROUTES[area].home)
  const belongsHere = (session.role === ADMIN_ROLE) === (area === 'admin')

  if (session.loading) {
    return (
      <AuthCard area={labels.area} title={labels.title} brand={brand}>
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <span className="sr-only">Checking whether you are signed in…</span>
        </div>
      </AuthCard>
    )
  }

  if (session.recovering && session.user) {
    return (
      <AuthCard
        area={labels.area}
        title="Choose a new password"
        description={
          <>
            For <strong>{session.user.email}</strong>. You stay signed in on this device; other devices are
            signed out.
          </>
        }
        brand={brand}
      >
        <SetNewPasswordForm
          onDone={() => {
            session.dismissNotices()
            navigate(
              belongsHere ? next : AREA_ROUTES[session.role === ADMIN_ROLE ? 'admin' : 'tenant'].home,
              {
                replace: true,
              },
            )
          }}
        />
      </AuthCard>
    )
  }

  if (session.user) {
    if (belongsHere) return <Navigate to={next} replace />
    const otherArea: Area = area === 'admin' ? 'tenant' : 'admin'
    return (
      <AuthCard area={labels.area} title={labels.other} brand={brand}>
        <p className="text-sm text-stone-600">
          {session.user.email} has no {labels.area.toLowerCase()} of its own. Go to your own area, or sign out
          to use another account.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Link to={AREA_ROUTES[otherArea].home} className={buttonClasses('primary')}>
            {labels.otherHome}
          </Link>
          <Button variant="outline" onClick={() => session.signOut('local')}>
            Sign out
          </Button>
        </div>
      </AuthCard>
    )
  }

  const notices = (
    <>
      {session.ended === 'expired' && (
        <Alert variant="warning" title="Your session has ended" className="mb-5">
          You were signed out, perhaps because your password was changed or you signed out everywhere. Sign in
          again to carry on: anything you were typing has been kept.
        </Alert>
      )}
      {session.linkError && (
        <Alert variant="error" title="That link did not work" className="mb-5">
          {session.linkError}. Ask for a new one below.
        </Alert>
      )}
    </>
  )

  if (mode.kind === 'forgot') {
    return (
      <AuthCard area={labels.area} title="Reset your password" brand={brand}>
        {notices}
        <ForgotPasswordForm
          initialEmail={mode.email}
          redirectTo={`${window.location.origin}${AREA_ROUTES[area].login}`}
          onBack={() => setMode({ kind: 'sign-in', email: mode.email })}
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      area={labels.area}
      title={labels.title}
      brand={brand}
      footer={
        <Link to="/" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Back to the Genesis Centre website
        </Link>
      }
    >
      {notices}
      <SignInForm
        initialEmail={mode.email}
        // The SIGNED_IN event has already put the user in the session: this screen now renders the
        // way on (or the offer of the other area), so there is nothing more to do here.
        onSignedIn={() => undefined}
        onForgotPassword={(email) => {
          session.dismissNotices()
          setMode({ kind: 'forgot', email })
        }}
      />
    </AuthCard>
  )
}
