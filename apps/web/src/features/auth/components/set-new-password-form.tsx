import { NewPasswordSchema } from '@genesis/contracts/auth'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { type AuthProblem, describeAuthError } from '../api/auth-error'
import { useUpdatePassword } from '../api/update-password'
import { AuthProblemAlert } from './form-error'
import { NewPasswordFields } from './new-password-fields'

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
      <NewPasswordFields values={form.values} errors={form.errors} set={form.set} />
      <Button type="submit" className="w-full" disabled={update.isPending}>
        {update.isPending && <Spinner />}
        {update.isPending ? 'Saving...' : 'Save new password'}
      </Button>
    </form>
  )
}
