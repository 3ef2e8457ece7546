import { TotpCodeSchema } from '@genesis/contracts/auth'
import { CheckIcon, CopyIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { type AuthProblem, describeAuthError } from '../api/auth-error'
import { useEnrolTotp } from '../api/enrol-totp'
import { unenrolFactor } from '../api/unenrol-factor'
import { useVerifyTotp } from '../api/verify-totp'
import { AuthProblemAlert } from './form-error'
import { TotpCodeField } from './totp-code-field'

/** The secret in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

/**
 * Two-factor enrolment: a QR code to scan and the same secret as text (for a phone that cannot
 * scan), then a first code to prove it works. Until that code is accepted the factor does
 * nothing; Cancel removes it.
 */
export function TotpEnrolmentForm({
  onEnrolled,
  onCancel,
  cancelLabel = 'Cancel',
  friendlyName = 'Authenticator app',
}: {
  onEnrolled: () => void
  onCancel: () => void
  cancelLabel?: string
  friendlyName?: string
}) {
  const enrol = useEnrolTotp()
  const verify = useVerifyTotp()
  const form = useValidatedForm({ code: '' })
  const [problem, setProblem] = useState<AuthProblem>()
  const [copied, setCopied] = useState(false)
  const started = useRef(false)

  // One enrolment per visit of this screen (StrictMode runs effects twice in development).
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once on mount
  useEffect(() => {
    if (started.current) return
    started.current = true
    enrol.mutate({ friendlyName })
  }, [])

  const factor = enrol.data

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setProblem(undefined)
    const input = form.validate(TotpCodeSchema)
    if (!input || !factor) return
    try {
      await verify.mutateAsync({ factorId: factor.id, code: input.code })
      onEnrolled()
    } catch (error) {
      setProblem(describeAuthError(error))
      form.setValues({ code: '' })
    }
  }

  async function cancel() {
    if (factor) await unenrolFactor({ factorId: factor.id }).catch(() => undefined)
    onCancel()
  }

  async function copySecret() {
    if (!factor) return
    try {
      await navigator.clipboard.writeText(factor.totp.secret)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      // Clipboard refused: the secret is on screen to type.
    }
  }

  if (enrol.isError) {
    return (
      <Alert
        variant="error"
        title={describeAuthError(enrol.error).message}
        action={
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => enrol.mutate({ friendlyName })}>
              Try again
            </Button>
            <Button variant="ghost" size="sm" onClick={onCancel}>
              {cancelLabel}
            </Button>
          </div>
        }
      >
        {describeAuthError(enrol.error).hint}
      </Alert>
    )
  }
  if (!factor) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="mx-auto size-48" />
        <Skeleton className="h-11 w-full" />
        <span className="sr-only">Preparing your QR code…</span>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <AuthProblemAlert problem={problem} />
      <ol className="list-decimal space-y-4 pl-5 text-sm text-stone-700">
        <li>
          Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password, Authy…).
          <img
            src={factor.totp.qr_code}
            alt="QR code to add Genesis Centre to your authenticator app"
            width={192}
            height={192}
            className="mx-auto mt-3 size-48 rounded-lg border border-stone-200 bg-white p-2"
          />
        </li>
        <li>
          Or type this key into the app:
          <div className="mt-2 flex items-center gap-2">
            <code
              className="min-w-0 flex-1 rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm break-all text-stone-900"
              data-testid="totp-secret"
            >
              {grouped(factor.totp.secret)}
            </code>
            <Button variant="outline" size="icon" onClick={copySecret} aria-label="Copy the setup key">
              {copied ? (
                <CheckIcon className="size-5" aria-hidden="true" />
              ) : (
                <CopyIcon className="size-5" aria-hidden="true" />
              )}
            </Button>
          </div>
          <span className="sr-only" role="status">
            {copied ? 'Setup key copied' : ''}
          </span>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <TotpCodeField value={form.values.code} onChange={form.set('code')} error={form.errors.code} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending && <Spinner />}
          {verify.isPending ? 'Checking...' : 'Turn on two-factor'}
        </Button>
        <Button variant="ghost" onClick={cancel}>
          {cancelLabel}
        </Button>
      </div>
    </form>
  )
}
