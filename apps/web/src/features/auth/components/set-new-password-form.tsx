import { NewPasswordSchema } from '@genesis/contracts/auth'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { PasswordInput } from '../../../components/ui/password-input'
import { Spinner } from '../../../components/ui/spinner'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { type AuthProblem, describeAuthError } from '../api/auth-error'
import { useUpdatePassword } from '../api/update-password'
import { AuthProblemAlert } from './form-error'

/** The set-new-password screen a recovery link opens (PASSWORD_RECOVERY). */
export function SetNewPasswordForm({ onDone }: { onDone: () => void }) {
  const form = useValidatedForm({ password: '', confirm: '' })
  const update = useUpdatePassword()
  const [problem, setProblem] = useState<AuthProblem>()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setProblem(undefined)
    const input = form.validate(NewPasswordSchema)
    if (!input) return
    try {
      await update.mutateAsync({ password: input.password })
      onDone()
    } catch (error) {
      setProblem(describeAuthError(error))
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <AuthProblemAlert problem={problem} />
      <Field label="New password" required error={form.errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            name="new-password"
            autoComplete="new-password"
            value={form.values.password}
            onChange={(e) => form.set('password')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Type it again" required error={form.errors.confirm}>
        {(control) => (
          <PasswordInput
            {...control}
            name="confirm-password"
            autoComplete="new-password"
            value={form.values.confirm}
            onChange={(e) => form.set('confirm')(e.target.value)}
          />
        )}
      </Field>
      <p className="text-sm text-stone-600">At least 8 characters. Avoid a password you use elsewhere.</p>
      <Button type="submit" className="w-full" disabled={update.isPending}>
        {update.isPending && <Spinner />}
        {update.isPending ? 'Saving...' : 'Save new password'}
      </Button>
    </form>
  )
}
