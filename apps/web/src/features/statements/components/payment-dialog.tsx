import { PaymentFormSchema } from '@genesis/contracts/billing'
import { formatDay, formatPeriod, formatRand } from '@genesis/contracts/tenant-portal'
import { ExternalLinkIcon } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Field, TextInput } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import {
  messageOf,
  type StatementRow,
  signedFileUrl,
  usePaymentsAndProofs,
  useRecordPayment,
} from '../api/admin-statements'

const fileName = (path: string) => path.split('/').pop() ?? path

/** Opens a private file (a proof of payment) in a new tab through a short-lived link. */
async function openProof(path: string) {
  // Opened first, synchronously, so the browser does not treat it as a pop-up.
  const tab = window.open('', '_blank', 'noopener')
  try {
    const url = await signedFileUrl('payment-proofs', path)
    if (tab) tab.location.href = url
    else window.location.assign(url)
  } catch (error) {
    tab?.close()
    notify.error('The proof could not be opened', {
      description: messageOf(error),
    })
  }
}

/**
 * Mark paid: the payments recorded so far and the tenant's proofs of payment beside the form
 * (amount, defaulting to the balance; date; reference). The database refuses more than the
 * balance and turns the statement 'paid' once its payments cover the total.
 */
export function PaymentDialog({ statement, onClose }: { statement: StatementRow; onClose: () => void }) {
  const history = usePaymentsAndProofs(statement.kind, statement.id)
  const record = useRecordPayment()
  const [values, setValues] = useState({
    amount: statement.balance.toFixed(2),
    paid_on: new Date().toISOString().slice(0, 10),
    reference: statement.shop_no ? `EFT ${statement.shop_no}` : '',
  })
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({})
  const [formError, setFormError] = useState<string>()
  const what = `${formatPeriod(statement.period)} ${statement.kind} statement of ${statement.company_name}`

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(undefined)
    const parsed = PaymentFormSchema.safeParse(values)
    if (!parsed.success) {
      const next: typeof errors = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof values
        next[key] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    try {
      await record.mutateAsync({ kind: statement.kind, statementId: statement.id, ...parsed.data })
      notify.success(
        parsed.data.amount >= statement.balance
          ? `Paid in full: ${what}`
          : `Recorded ${formatRand(parsed.data.amount)} against the ${what}`,
      )
      onClose()
    } catch (error) {
      setFormError(messageOf(error))
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !record.isPending && onClose()}>
      <DialogContent title="Record a payment" description={what} className="max-w-2xl">
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="payment-history" className="space-y-4 text-sm">
            <h3 id="payment-history" className="font-semibold text-stone-900">
              So far
            </h3>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              <dt className="text-stone-700">Total</dt>
              <dd className="text-right tabular-nums">{formatRand(statement.total)}</dd>
              <dt className="text-stone-700">Paid</dt>
              <dd className="text-right tabular-nums">{formatRand(statement.amount_paid)}</dd>
              <dt className="font-semibold">Balance</dt>
              <dd className="text-right font-semibold tabular-nums">{formatRand(statement.balance)}</dd>
              <dt className="text-stone-700">Due</dt>
              <dd className="text-right">{formatDay(statement.due_date)}</dd>
            </dl>
            {history.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : history.error ? (
              <Alert variant="error" title="We could not load the payments and proofs.">
                {history.error.message}
              </Alert>
            ) : (
              <>
                <div>
                  <h4 className="font-medium text-stone-900">Payments recorded</h4>
                  {history.data.payments.length === 0 ? (
                    <p className="text-stone-600">None yet.</p>
                  ) : (
                    <ul className="mt-1 space-y-1">
                      {history.data.payments.map((p) => (
                        <li key={p.id}>
                          {formatDay(p.paid_on)} · {formatRand(p.amount)} · {p.reference}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <div>
                  <h4 className="font-medium text-stone-900">Proofs of payment from the tenant</h4>
                  {history.data.proofs.length === 0 ? (
                    <p className="text-stone-600">The tenant has not uploaded a proof.</p>
                  ) : (
                    <ul className="mt-1 space-y-1">
                      {history.data.proofs.map((p) => (
                        <li key={p.id}>
                          <Button variant="ghost" size="sm" onClick={() => void openProof(p.object_path)}>
                            <ExternalLinkIcon className="size-4" aria-hidden="true" />
                            {fileName(p.object_path)}
                            <span className="sr-only"> (proof of payment, opens in a new tab)</span>
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </>
            )}
          </section>
          <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
            {formError && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {formError}
              </p>
            )}
            <Field label="Amount paid (R)" required error={errors.amount}>
              {(control) => (
                <TextInput
                  {...control}
                  inputMode="decimal"
                  value={values.amount}
                  onChange={(e) => setValues((v) => ({ ...v, amount: e.target.value }))}
                />
              )}
            </Field>
            <Field label="Date paid" required error={errors.paid_on}>
              {(control) => (
                <TextInput
                  {...control}
                  type="date"
                  value={values.paid_on}
                  onChange={(e) => setValues((v) => ({ ...v, paid_on: e.target.value }))}
                />
              )}
            </Field>
            <Field label="Reference" required error={errors.reference}>
              {(control) => (
                <TextInput
                  {...control}
                  maxLength={100}
                  value={values.reference}
                  onChange={(e) => setValues((v) => ({ ...v, reference: e.target.value }))}
                />
              )}
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={onClose} disabled={record.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={record.isPending}>
                {record.isPending ? 'Recording…' : 'Record payment'}
              </Button>
            </div>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  )
}
