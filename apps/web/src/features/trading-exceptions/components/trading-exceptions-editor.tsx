import { formatShortDate } from '@genesis/contracts/open-now'
import { TradingExceptionFormSchema } from '@genesis/contracts/trading-calendar-forms'
import { CalendarXIcon } from 'lucide-react'
import { useId } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field, TextInput } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { useDeleteTradingException } from '../api/delete-trading-exception'
import { useShopTradingExceptions } from '../api/get-shop-trading-exceptions'
import { useSaveTradingException } from '../api/save-trading-exception'

const EMPTY = { exception_date: '', closed: true, opens: '09:00', closes: '17:00', reason: '' }

/** What the database's refusal means for the person at the form. */
function explain(error: { code?: string; message: string }): string {
  if (error.code === '42501') return 'You may only set the trading days of your own store.'
  if (error.code === '23514')
    return 'Check the date and the hours: special hours need an opening and a closing time.'
  return error.message
}

/**
 * A store's closures and special hours on given dates (issue 18, item 1): what the store page and
 * the directory's open-now chips use instead of the usual week. The tenant sets their own store's;
 * an admin any store's (the database decides, migration 20261128300000).
 */
export function TradingExceptionsEditor({ shopId }: { shopId: string }) {
  const exceptions = useShopTradingExceptions(shopId)
  const save = useSaveTradingException()
  const remove = useDeleteTradingException()
  const form = useValidatedForm(EMPTY)
  const ids = { closed: useId(), list: useId() }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const row = form.validate(TradingExceptionFormSchema)
    if (!row) return
    save.mutate(
      { shopId, row },
      {
        onSuccess: () => {
          notify.success(`${formatShortDate(row.exception_date)} saved`)
          form.reset()
        },
        onError: (error) => form.setFormError(explain(error)),
      },
    )
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby={ids.list}>
        <h3 id={ids.list} className="text-sm font-semibold text-stone-900">
          Coming up
        </h3>
        {exceptions.isPending ? (
          <Skeleton className="mt-2 h-10 w-full" />
        ) : exceptions.isError ? (
          <Alert variant="error" className="mt-2" title="We could not load your trading days.">
            {exceptions.error.message}
          </Alert>
        ) : exceptions.data.length === 0 ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-stone-600">
            <CalendarXIcon className="size-4" aria-hidden="true" />
            No closures or special hours set: the usual week applies.
          </p>
        ) : (
          <ul
            className="mt-2 divide-y divide-stone-100 rounded-lg border border-stone-200"
            aria-label="Trading days"
          >
            {exceptions.data.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  <span className="font-semibold text-stone-900">{formatShortDate(e.exception_date)}</span>{' '}
                  <span className="text-stone-500">{e.exception_date.slice(0, 4)}</span>
                  {' · '}
                  {e.closed ? 'Closed' : e.hours}
                  {e.reason && <span className="text-stone-600"> · {e.reason}</span>}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={`Remove ${formatShortDate(e.exception_date)}`}
                  onClick={() =>
                    remove.mutate(
                      { id: e.id, shopId },
                      {
                        onSuccess: () => notify.success(`${formatShortDate(e.exception_date)} removed`),
                        onError: (error) => notify.error('Not removed', { description: error.message }),
                      },
                    )
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form onSubmit={submit} noValidate aria-label="Set a trading day" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date" required error={form.errors.exception_date}>
            {(control) => (
              <TextInput
                {...control}
                type="date"
                value={form.values.exception_date}
                onChange={(e) => form.set('exception_date')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Reason (shown to visitors)" error={form.errors.reason}>
            {(control) => (
              <TextInput
                {...control}
                placeholder="Closed for stocktake"
                maxLength={120}
                value={form.values.reason}
                onChange={(e) => form.set('reason')(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={ids.closed}
            type="checkbox"
            checked={form.values.closed}
            onChange={(e) => form.set('closed')(e.target.checked)}
            className="size-4 accent-brand-700"
          />
          <label htmlFor={ids.closed} className="text-sm font-medium text-stone-800">
            Closed all day
          </label>
        </div>
        {!form.values.closed && (
          <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
            <Field label="Opens" required error={form.errors.opens}>
              {(control) => (
                <TextInput
                  {...control}
                  type="time"
                  value={form.values.opens}
                  onChange={(e) => form.set('opens')(e.target.value)}
                />
              )}
            </Field>
            <Field label="Closes" required error={form.errors.closes}>
              {(control) => (
                <TextInput
                  {...control}
                  type="time"
                  value={form.values.closes}
                  onChange={(e) => form.set('closes')(e.target.value)}
                />
              )}
            </Field>
            <p className="col-span-2 text-xs text-stone-600">
              A closing time before the opening time runs past midnight. Times are South African.
            </p>
          </div>
        )}
        {form.formError && <Alert variant="error">{form.formError}</Alert>}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save trading day'}
        </Button>
      </form>
    </div>
  )
}
