import { useLocation } from 'react-router'
import { PageMeta } from '../../components/seo/page-meta'
import { AuthCard } from '../../features/auth/components/auth-card'
import { TotpChallengeForm } from '../../features/auth/components/totp-challenge-form'
import { TotpEnrolmentForm } from '../../features/auth/components/totp-enrolment-form'
import { useSession } from '../../lib/session/session-context'
import { BrandMark } from '../layout/brand-mark'

/**
 * The two-factor step RequireArea puts before an area's pages: the code for an account with a
 * verified authenticator and an aal1 token ('challenge'), or enrolment when the area requires
 * two-factor and the account has none yet ('enrol'). Loaded only when needed.
 */
export default function TwoFactorStep({ step, label }: { step: 'challenge' | 'enrol'; label: string }) {
  const session = useSession()
  const location = useLocation()
  const signOut = () => void session.signOut('local')
  const brand = <BrandMark className="size-10" />
  const meta = (title: string) => (
    <PageMeta
      title={title}
      description={`Two-factor sign-in to the Genesis Centre ${label}.`}
      path={location.pathname}
      noindex
    />
  )
  if (step === 'challenge') {
    return (
      <AuthCard
        area={label}
        title="Enter your authentication code"
        description={<>Two-factor sign-in is on for {session.user?.email}.</>}
        brand={brand}
      >
        {meta('Two-factor sign-in')}
        {/* Verifying replaces the session with an aal2 one; the guard then shows the page. */}
        <TotpChallengeForm userId={session.user?.id ?? ''} onVerified={() => undefined} onCancel={signOut} />
      </AuthCard>
    )
  }
  return (
    <AuthCard
      area={label}
      title="Set up two-factor sign-in"
      description="Centre management accounts must use an authenticator app. It takes a minute, once."
      brand={brand}
    >
      {meta('Set up two-factor sign-in')}
      <TotpEnrolmentForm onEnrolled={() => undefined} onCancel={signOut} cancelLabel="Sign out" />
    </AuthCard>
  )
}
