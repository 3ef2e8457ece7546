import { ChangePasswordSchema } from '@genesis/contracts/auth'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { Spinner } from '../../../components/ui/spinner'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { type AuthProblem, describeAuthError } from '../api/auth-error'
import { useRequestReauthentication } from '../api/request-reauthentication'
import { useUpdatePassword } from '../api/update-password'
import { AuthProblemAlert } from './form-error'
import { NewPasswordFields } from './new-password-fields'

const EMPTY = { password: '', confirm: '', nonce: '' }

/**
 * Account settings: a new password, typed twice. When the server asks the person to prove it is
 * them (reauthentication_needed), it e-mails a code; the form then asks for it and sends the
 * password again with it. Nothing typed is cleared by a refusal.
 */
export function ChangePasswordForm() {
  const form = useValidatedForm(EMPTY)
  const update = useUpdatePassword()
  const reauthenticate = useRequestReauthentication()
  const [problem, setProblem] = useState<AuthProblem>()
  const [needsCode, setNeedsCode] = useState(false)
  const [saved, setSaved] = useState(false)

  async function askForCode() {
    setProblem(undefined)
    try {
      await reauthenticate.mutateAsync()
      setNeedsCode(true)
    } catch (error) {
      setProblem(describeAuthError(error))
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setProblem(undefined)
    setSaved(false)
    const input = form.validate(ChangePasswordSchema)
    if (!input) return
    try {
      await update.mutateAsync({ password: input.password, nonce: input.nonce })
      form.reset()
      setNeedsCode(false)
      setSaved(true)
    } catch (error) {
      const described = describeAuthError(error)
      if (described.code === 'reauthentication_needed' && !needsCode) {
        await askForCode()
        return
      }
      setProblem(described)
    }
  }

  const busy = update.isPending || reauthenticate.isPending
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Change password">
      {saved && (
        <Alert variant="success" title="Your password has been changed.">
          Use it the next time you sign in.
        </Alert>
      )}
      <AuthProblemAlert problem={problem} />
      <NewPasswordFields values={form.values} errors={form.errors} set={form.set} />
      {needsCode && (
        <>
          <Alert variant="info" title="Check your e-mail.">
            For your security we e-mailed you a code. Enter it to confirm the change.
          </Alert>
          <Field label="Code from the e-mail" required error={form.errors.nonce}>
            {(control) => (
              <input
                {...control}
                className={`${control.className} h-11`}
                name="nonce"
                autoComplete="one-time-code"
                inputMode="numeric"
                value={form.values.nonce}
                onChange={(e) => form.set('nonce')(e.target.value)}
              />
            )}
          </Field>
          <Button type="button" variant="ghost" size="sm" onClick={askForCode} disabled={busy}>
            Send a new code
          </Button>
        </>
      )}
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />}
        Change password
      </Button>
    </form>
  )
}
