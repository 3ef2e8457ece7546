import { TotpCodeSchema } from '@genesis/contracts/auth'
import { useQueryClient } from '@tanstack/react-query'
import { ShieldCheckIcon, ShieldOffIcon } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { type AuthProblem, describeAuthError } from '../api/auth-error'
import { useFactors } from '../api/get-factors'
import { unenrolFactor } from '../api/unenrol-factor'
import { verifyTotp } from '../api/verify-totp'
import { AuthProblemAlert } from './form-error'
import { TotpCodeField } from './totp-code-field'
import { TotpEnrolmentForm } from './totp-enrolment-form'

/**
 * Two-factor sign-in in account settings: turn it on (QR code and the key as text, then a first
 * code), or off, which takes a current code from the app (the server removes a verified factor
 * only for an aal2 session, and a fresh code proves the phone is at hand).
 */
export function TwoFactorSettings({ userId }: { userId: string | undefined }) {
  const factors = useFactors(userId)
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable'>('view')
  const [notice, setNotice] = useState<string>()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['auth', 'factors'] })

  if (factors.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading your two-factor settings">
        <Skeleton className="h-20 w-full" />
      </div>
    )
  }
  if (factors.error) {
    return (
      <Alert
        variant="error"
        title="We could not load your two-factor settings."
        action={
          <Button variant="outline" size="sm" onClick={() => void factors.refetch()}>
            Try again
          </Button>
        }
      >
        {describeAuthError(factors.error).message}
      </Alert>
    )
  }
  const factor = factors.data.totp[0]

  if (mode === 'enrol') {
    return (
      <TotpEnrolmentForm
        onEnrolled={() => {
          setMode('view')
          setNotice('Two-factor sign-in is on. You will be asked for a code each time you sign in.')
          void refresh()
        }}
        onCancel={() => {
          setMode('view')
          void refresh()
        }}
      />
    )
  }
  if (mode === 'disable' && factor) {
    return (
      <DisableTwoFactor
        factorId={factor.id}
        onDone={() => {
          setMode('view')
          setNotice('Two-factor sign-in is off.')
          void refresh()
        }}
        onCancel={() => setMode('view')}
      />
    )
  }
  return (
    <div className="space-y-4">
      {notice && <Alert variant="success" title={notice} />}
      {factor ? (
        <>
          <p className="flex items-center gap-2 text-sm font-semibold text-green-800">
            <ShieldCheckIcon className="size-5 shrink-0" aria-hidden="true" />
            Two-factor sign-in is on.
          </p>
          <Button
            variant="outline"
            onClick={() => {
              setNotice(undefined)
              setMode('disable')
            }}
          >
            Turn off two-factor sign-in
          </Button>
        </>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <ShieldOffIcon className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
            Two-factor sign-in is off. Turn it on to ask for a code from your phone when you sign in.
          </p>
          <Button
            onClick={() => {
              setNotice(undefined)
              setMode('enrol')
            }}
          >
            Turn on two-factor sign-in
          </Button>
        </>
      )}
    </div>
  )
}

function DisableTwoFactor({
  factorId,
  onDone,
  onCancel,
}: {
  factorId: string
  onDone: () => void
  onCancel: () => void
}) {
  const form = useValidatedForm({ code: '' })
  const [problem, setProblem] = useState<AuthProblem>()
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setProblem(undefined)
    const input = form.validate(TotpCodeSchema)
    if (!input) return
    setBusy(true)
    try {
      await verifyTotp({ factorId, code: input.code })
      await unenrolFactor({ factorId })
      onDone()
    } catch (error) {
      setProblem(describeAuthError(error))
      form.setValues({ code: '' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Turn off two-factor sign-in">
      <p className="text-sm text-stone-700">
        Enter the current code from your authenticator app to turn two-factor sign-in off.
      </p>
      <AuthProblemAlert problem={problem} />
      <TotpCodeField value={form.values.code} onChange={form.set('code')} error={form.errors.code} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          Turn off
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
