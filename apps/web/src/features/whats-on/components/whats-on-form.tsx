import { type FormEvent, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toasts'
import { type FieldErrors, useValidatedForm } from '../../../lib/use-validated-form'
import {
  useWhatsOnMutations,
  type WhatsOnForm,
  WhatsOnFormSchema,
  type WhatsOnStatus,
} from '../api/manage-whats-on'

const EMPTY: WhatsOnForm = { title: '', body: '', starts: '', ends: '' }

/**
 * A new event (the centre's, from the back office) or special (a store's, from the tenant portal):
 * title, start and end (SAST), text and an optional image. `actions` are the statuses it can be
 * saved with: a tenant saves a draft or submits; an admin drafts or publishes an event.
 */
export function WhatsOnItemForm({
  kind,
  shopId,
  heading,
  actions,
}: {
  kind: 'event' | 'special'
  shopId: string | null
  heading: string
  actions: { status: WhatsOnStatus; label: string; primary?: boolean }[]
}) {
  const form = useValidatedForm<WhatsOnForm>(EMPTY)
  const errors = form.errors as FieldErrors<WhatsOnForm>
  const [image, setImage] = useState<File | null>(null)
  const [imageKey, setImageKey] = useState(0)
  const { save } = useWhatsOnMutations()
  const headingId = useId()

  async function submit(event: FormEvent, status: WhatsOnStatus) {
    event.preventDefault()
    const parsed = form.validate(WhatsOnFormSchema)
    if (!parsed) return
    try {
      await save.mutateAsync({ kind, shopId, form: parsed, status, image })
      notify.success(status === 'submitted' ? `Sent for approval: ${parsed.title}` : `Saved: ${parsed.title}`)
      form.reset(EMPTY)
      setImage(null)
      setImageKey((k) => k + 1)
    } catch (e) {
      form.setFormError(e instanceof Error ? e.message : String(e))
    }
  }

  const primary = actions.find((a) => a.primary) ?? actions[0]
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e, primary.status)}
      className="space-y-4"
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className="text-base font-semibold text-stone-900">
        {heading}
      </h3>
      {form.formError && (
        <Alert variant="error" title="It was not saved.">
          {form.formError}
        </Alert>
      )}
      <Field label="Title" required error={errors.title}>
        {(control) => (
          <TextInput
            {...control}
            maxLength={120}
            value={form.values.title}
            onChange={(e) => form.set('title')(e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4">
        <Field label="Starts (SAST)" required error={errors.starts}>
          {(control) => (
            <TextInput
              {...control}
              type="datetime-local"
              value={form.values.starts}
              onChange={(e) => form.set('starts')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Ends (SAST)" required error={errors.ends}>
          {(control) => (
            <TextInput
              {...control}
              type="datetime-local"
              value={form.values.ends}
              onChange={(e) => form.set('ends')(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Text" required error={errors.body}>
        {(control) => (
          <TextArea
            {...control}
            maxLength={4000}
            value={form.values.body}
            onChange={(e) => form.set('body')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Image (optional; JPEG, PNG, WebP or AVIF, up to 5 MB)">
        {(control) => (
          <input
            key={imageKey}
            {...control}
            className="block w-full text-sm"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(e) => setImage(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        {actions.map((a) => (
          <Button
            key={a.status}
            type={a === primary ? 'submit' : 'button'}
            variant={a === primary ? undefined : 'outline'}
            disabled={save.isPending}
            onClick={a === primary ? undefined : (e) => void submit(e, a.status)}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </form>
  )
}
