import {
  CENTRE_POWER_STATES,
  formatSastTime,
  POWER_STATE_LABELS,
  type PowerState,
  SHOP_POWER_STATES,
  sastTimeToday,
} from '@genesis/contracts/power-status'
import { type FormEvent, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import { usePowerHistory } from '../api/get-power-history'
import { useReportPowerStatus } from '../api/report-power-status'

/**
 * Reports the centre's power (shopId null) or a shop's trading state, with an optional note and
 * the time it began (SAST, today), and lists the latest reports (the history is kept).
 */
export function PowerReportForm({ shopId, heading }: { shopId: string | null; heading: string }) {
  const states: readonly PowerState[] = shopId ? SHOP_POWER_STATES : CENTRE_POWER_STATES
  const [state, setState] = useState<PowerState>(states[0])
  const [note, setNote] = useState('')
  const [since, setSince] = useState('')
  const [error, setError] = useState<string>()
  const report = useReportPowerStatus()
  const history = usePowerHistory(shopId)
  const headingId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(undefined)
    try {
      await report.mutateAsync({
        shopId,
        state,
        note,
        since: since ? sastTimeToday(since, new Date()) : null,
      })
      notify.success(`Status reported: ${POWER_STATE_LABELS[state]}`)
      setNote('')
      setSince('')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  const now = new Date()
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby={headingId}>
        <h3 id={headingId} className="text-base font-semibold text-stone-900">
          {heading}
        </h3>
        {error && (
          <Alert variant="error" title="The status was not reported.">
            {error}
          </Alert>
        )}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-800">State</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {states.map((s) => (
              <label
                key={s}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${headingId}-state`}
                  checked={state === s}
                  onChange={() => setState(s)}
                />
                {POWER_STATE_LABELS[s]}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Since (today, SAST; leave empty for now)">
          {(control) => (
            <TextInput {...control} type="time" value={since} onChange={(e) => setSince(e.target.value)} />
          )}
        </Field>
        <Field label="Note for visitors (optional)">
          {(control) => (
            <TextArea
              {...control}
              maxLength={280}
              value={note}
              placeholder="For example: card payments only, back at 16:00"
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Reporting…' : 'Report status'}
        </Button>
      </form>
      <section aria-label="Latest reports">
        <h3 className="text-base font-semibold text-stone-900">Latest reports</h3>
        {history.isPending ? (
          <Skeleton className="mt-3 h-24 w-full" />
        ) : history.isError ? (
          <p className="mt-3 text-sm text-red-700">The reports could not be loaded.</p>
        ) : history.data.length === 0 ? (
          <p className="mt-3 text-sm text-stone-600">Nothing reported yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm">
            {history.data.map((r) => (
              <li key={r.id} className="px-3 py-2">
                <span className="font-medium text-stone-900">{POWER_STATE_LABELS[r.state]}</span>
                <span className="text-stone-600">
                  {' '}
                  · reported {formatSastTime(r.reported_at, now)}
                  {r.since && `, since ${formatSastTime(r.since, now)}`}
                </span>
                {r.note && <p className="text-stone-700">{r.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
