import { SignInSchema } from '@genesis/contracts/auth'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { PasswordInput } from '../../../components/ui/password-input'
import { Spinner } from '../../../components/ui/spinner'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { type AuthProblem, describeAuthError } from '../api/auth-error'
import { useSignInWithPassword } from '../api/sign-in-with-password'
import { AuthProblemAlert } from './form-error'

/**
 * E-mail and password. The server's message is shown as it is (wrong credentials, too many
 * attempts with the wait, unconfirmed address, suspended account); what was typed stays.
 */
export function SignInForm({
  onSignedIn,
  onForgotPassword,
  initialEmail = '',
}: {
  onSignedIn: () => void
  onForgotPassword: (email: string) => void
  initialEmail?: string
}) {
  const form = useValidatedForm({ email: initialEmail, password: '' })
  const signIn = useSignInWithPassword()
  const [problem, setProblem] = useState<AuthProblem>()
  const problemId = useId()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setProblem(undefined)
    const input = form.validate(SignInSchema)
    if (!input) return
    try {
      await signIn.mutateAsync(input)
      onSignedIn()
    } catch (error) {
      setProblem(describeAuthError(error))
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-5"
      aria-describedby={problem ? problemId : undefined}
    >
      <AuthProblemAlert problem={problem} id={problemId} />
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
      <Field label="Password" required error={form.errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            value={form.values.password}
            onChange={(e) => form.set('password')(e.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <button
          type="button"
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
          onClick={() => onForgotPassword(form.values.email)}
        >
          Forgot password?
        </button>
      </div>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner />}
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  )
}
