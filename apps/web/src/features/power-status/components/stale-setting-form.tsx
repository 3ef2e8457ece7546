import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Field, TextInput } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toasts'
import { StaleMinutesSchema, useStaleMinutes, useUpdateStaleMinutes } from '../api/stale-setting'

/** The setting after which visitors see a report as not confirmed rather than current. */
export function StaleSettingForm() {
  const current = useStaleMinutes()
  const update = useUpdateStaleMinutes()
  const [typed, setTyped] = useState<string>()
  const [error, setError] = useState<string>()
  const value = typed ?? (current.data === undefined ? '' : String(current.data))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = StaleMinutesSchema.safeParse(value)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    try {
      await update.mutateAsync(parsed.data)
      setTyped(undefined)
      notify.success(`Reports older than ${parsed.data} minutes are now shown as not confirmed`)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3">
      <Field label="Show a report as not confirmed after (minutes)" error={error} className="w-72 max-w-full">
        {(control) => (
          <TextInput
            {...control}
            type="number"
            inputMode="numeric"
            min={5}
            max={10080}
            value={value}
            disabled={current.isPending}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" disabled={update.isPending || current.isPending}>
        {update.isPending ? 'Saving…' : 'Save setting'}
      </Button>
    </form>
  )
}
