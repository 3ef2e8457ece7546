import { ForgotPasswordSchema } from '@genesis/contracts/auth'
import { MailCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { Spinner } from '../../../components/ui/spinner'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { type AuthProblem, describeAuthError } from '../api/auth-error'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { AuthProblemAlert } from './form-error'

/** 'Forgot password?': sends the recovery e-mail whose link leads to the set-new-password screen. */
export function ForgotPasswordForm({
  initialEmail,
  redirectTo,
  onBack,
}: {
  initialEmail: string
  /** Absolute URL of the area's login page; the link in the e-mail returns there. */
  redirectTo: string
  onBack: () => void
}) {
  const form = useValidatedForm({ email: initialEmail })
  const reset = useRequestPasswordReset()
  const [problem, setProblem] = useState<AuthProblem>()
  const [sentTo, setSentTo] = useState<string>()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setProblem(undefined)
    const input = form.validate(ForgotPasswordSchema)
    if (!input) return
    try {
      const { email } = await reset.mutateAsync({ ...input, redirectTo })
      setSentTo(email)
    } catch (error) {
      setProblem(describeAuthError(error))
    }
  }

  if (sentTo) {
    return (
      <div className="space-y-5">
        <Alert variant="success" title="Check your e-mail">
          If <strong>{sentTo}</strong> belongs to a portal account, we have sent it a link to choose a new
          password. The link works once and expires after an hour.
        </Alert>
        <div className="flex items-center gap-3 text-sm text-stone-600">
          <MailCheckIcon className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
          No e-mail after a few minutes? Check your spam folder, or send the link again.
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => setSentTo(undefined)}>
            Send again
          </Button>
          <Button variant="ghost" onClick={onBack}>
            Back to sign in
          </Button>
        </div>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <AuthProblemAlert problem={problem} />
      <p className="text-sm text-stone-600">
        Enter the e-mail address of your portal account and we will send you a link to choose a new password.
      </p>
      <Field label="E-mail address" required error={form.errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            className={`${control.className} h-11`}
            value={form.values.email}
            onChange={(e) => form.set('email')(e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending && <Spinner />}
          {reset.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </form>
  )
}
