import { MaintenanceRequestInputSchema } from '@genesis/contracts/maintenance-input'
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_MAX_PHOTOS,
  MAINTENANCE_PHOTO_MAX_BYTES,
  MAINTENANCE_PHOTO_TYPES,
  MAINTENANCE_URGENCIES,
  MAINTENANCE_URGENCY_LABELS,
} from '@genesis/contracts/tenant-portal'
import { ImagePlusIcon, XIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field, NativeSelect, TextArea } from '../../../components/ui/field'
import { Progress } from '../../../components/ui/progress'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toasts'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { useCreateMaintenanceRequest } from '../api/create-maintenance-request'
import { useUploadMaintenancePhoto } from '../api/upload-maintenance-photo'

const EMPTY = { category: '', urgency: 'normal', description: '' }

/**
 * Logs a maintenance request: category, urgency, description and up to 5 photos. The request is
 * stored first; the photos follow with their progress. A refusal keeps everything typed; a photo
 * that fails is named, and can be added to the request afterwards.
 */
export function MaintenanceRequestForm({ tenantId }: { tenantId: string }) {
  const form = useValidatedForm(EMPTY)
  const create = useCreateMaintenanceRequest()
  const uploadPhoto = useUploadMaintenancePhoto()
  const [photos, setPhotos] = useState<File[]>([])
  const [photoError, setPhotoError] = useState<string>()
  const [progress, setProgress] = useState<{ name: string; percent: number }>()
  const [failedPhotos, setFailedPhotos] = useState<string[]>([])
  const [sending, setSending] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const photosId = useId()

  function addPhotos(files: FileList | null) {
    setPhotoError(undefined)
    const chosen = [...(files ?? [])]
    const wrong = chosen.find((f) => !(MAINTENANCE_PHOTO_TYPES as readonly string[]).includes(f.type))
    if (wrong) return setPhotoError(`${wrong.name} is not a JPG, PNG or WebP photo.`)
    const big = chosen.find((f) => f.size > MAINTENANCE_PHOTO_MAX_BYTES)
    if (big) return setPhotoError(`${big.name} is larger than 5 MB.`)
    const next = [...photos, ...chosen]
    if (next.length > MAINTENANCE_MAX_PHOTOS) return setPhotoError('A request can have at most 5 photos.')
    setPhotos(next)
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setFailedPhotos([])
    const input = form.validate(MaintenanceRequestInputSchema)
    if (!input || sending) return
    setSending(true)
    try {
      const { id } = await create.mutateAsync(input)
      const failed: string[] = []
      for (const file of photos) {
        setProgress({ name: file.name, percent: 0 })
        try {
          await uploadPhoto.mutateAsync({
            tenantId,
            requestId: id,
            file,
            onProgress: (percent) => setProgress({ name: file.name, percent }),
          })
        } catch (error) {
          failed.push(`${file.name}: ${error instanceof Error ? error.message : 'upload failed'}`)
        }
      }
      setProgress(undefined)
      setFailedPhotos(failed)
      form.reset()
      setPhotos([])
      notify.success('Maintenance request logged', {
        description: 'The centre management has received it. You will see its status here.',
      })
    } catch (error) {
      form.setFormError(
        error instanceof Error ? error.message : 'The request could not be logged. Please try again.',
      )
    } finally {
      setSending(false)
      setProgress(undefined)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Log a maintenance request">
      {form.formError && (
        <Alert variant="error" title="Your request was not logged.">
          {form.formError}
        </Alert>
      )}
      {failedPhotos.length > 0 && (
        <Alert variant="warning" title="Your request was logged, but some photos were not added.">
          <ul className="list-disc pl-5">
            {failedPhotos.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          You can add them to the request below.
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" required error={form.errors.category}>
          {(control) => (
            <NativeSelect
              {...control}
              className={`${control.className} h-11`}
              value={form.values.category}
              onChange={(e) => form.set('category')(e.target.value)}
            >
              <option value="">Choose a category</option>
              {MAINTENANCE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {MAINTENANCE_CATEGORY_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Urgency" required error={form.errors.urgency}>
          {(control) => (
            <NativeSelect
              {...control}
              className={`${control.className} h-11`}
              value={form.values.urgency}
              onChange={(e) => form.set('urgency')(e.target.value)}
            >
              {MAINTENANCE_URGENCIES.map((u) => (
                <option key={u} value={u}>
                  {MAINTENANCE_URGENCY_LABELS[u]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field label="What needs attention?" required error={form.errors.description}>
        {(control) => (
          <TextArea
            {...control}
            className={`${control.className} min-h-28 py-2`}
            maxLength={4000}
            value={form.values.description}
            onChange={(e) => form.set('description')(e.target.value)}
          />
        )}
      </Field>
      <div className="space-y-2">
        <label htmlFor={photosId} className="block text-sm font-medium text-stone-800">
          Photos (optional)
        </label>
        <p id={`${photosId}-hint`} className="text-sm text-stone-600">
          Up to 5 JPG, PNG or WebP photos, 5 MB each.
        </p>
        <input
          ref={fileInput}
          id={photosId}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          accept={MAINTENANCE_PHOTO_TYPES.join(',')}
          aria-describedby={`${photosId}-hint`}
          onChange={(e) => {
            addPhotos(e.target.files)
            e.target.value = ''
          }}
        />
        <Button
          type="button"
          variant="outline"
          disabled={sending || photos.length >= MAINTENANCE_MAX_PHOTOS}
          aria-describedby={`${photosId}-hint`}
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlusIcon className="size-4" aria-hidden="true" />
          Add photos
        </Button>
        {photoError && (
          <p className="text-sm text-red-700" role="alert">
            {photoError}
          </p>
        )}
        {photos.length > 0 && (
          <ul className="space-y-1 text-sm" aria-label="Photos to send">
            {photos.map((p, i) => (
              <li
                key={`${p.name}-${p.size}-${p.lastModified}`}
                className="flex items-center justify-between gap-2 rounded-lg bg-stone-100 px-3 py-1.5"
              >
                <span className="min-w-0 truncate">{p.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  disabled={sending}
                  aria-label={`Remove ${p.name}`}
                  onClick={() => setPhotos((all) => all.filter((_, j) => j !== i))}
                >
                  <XIcon className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {progress && (
        <div className="space-y-1" role="status">
          <p className="text-sm text-stone-700">
            Uploading {progress.name} … {progress.percent}%
          </p>
          <Progress value={progress.percent} aria-label={`Uploading ${progress.name}`} />
        </div>
      )}
      <Button type="submit" disabled={sending}>
        {sending && <Spinner className="size-4" />}
        Log request
      </Button>
    </form>
  )
}
