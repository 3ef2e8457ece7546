import { TotpCodeSchema } from '@genesis/contracts/auth'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { type AuthProblem, describeAuthError } from '../api/auth-error'
import { useFactors } from '../api/get-factors'
import { useVerifyTotp } from '../api/verify-totp'
import { AuthProblemAlert } from './form-error'
import { TotpCodeField } from './totp-code-field'

/**
 * The second sign-in step (aal2) for someone with a verified authenticator: nothing of theirs
 * loads until the code is accepted (the database refuses it before that anyway).
 */
export function TotpChallengeForm({
  userId,
  onVerified,
  onCancel,
  submitLabel = 'Verify',
}: {
  userId: string
  onVerified: () => void
  /** Signs out: someone else's phone, a lost device. */
  onCancel: () => void
  submitLabel?: string
}) {
  const factors = useFactors(userId)
  const verify = useVerifyTotp()
  const form = useValidatedForm({ code: '' })
  const [problem, setProblem] = useState<AuthProblem>()
  const factor = factors.data?.totp[0]

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setProblem(undefined)
    const input = form.validate(TotpCodeSchema)
    if (!input || !factor) return
    try {
      await verify.mutateAsync({ factorId: factor.id, code: input.code })
      onVerified()
    } catch (error) {
      setProblem(describeAuthError(error))
      form.setValues({ code: '' })
    }
  }

  if (factors.isPending) return <Skeleton className="h-40 w-full" />
  if (factors.isError || !factor) {
    return (
      <Alert
        variant="error"
        title="We could not load your two-factor settings."
        action={
          <Button variant="outline" size="sm" onClick={() => factors.refetch()}>
            Try again
          </Button>
        }
      >
        {factors.error
          ? describeAuthError(factors.error).message
          : 'No authenticator is set up for this account.'}
      </Alert>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <AuthProblemAlert problem={problem} />
      <p className="text-sm text-stone-600">
        Open your authenticator app and enter the 6-digit code it shows for Genesis Centre.
      </p>
      <TotpCodeField
        value={form.values.code}
        onChange={form.set('code')}
        error={form.errors.code}
        autoFocus
      />
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending && <Spinner />}
          {verify.isPending ? 'Checking...' : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Sign out
        </Button>
      </div>
    </form>
  )
}
