import { MaintenanceCommentInputSchema } from '@genesis/contracts/maintenance-input'
import {
  formatDay,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_MAX_PHOTOS,
  MAINTENANCE_PHOTO_MAX_BYTES,
  MAINTENANCE_PHOTO_TYPES,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_URGENCY_LABELS,
  type MaintenanceStatus,
} from '@genesis/contracts/tenant-portal'
import { Alert } from '../../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Field, TextArea } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { UploadControl } from '../../../components/ui/upload-control'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { useAddMaintenanceComment } from '../api/add-maintenance-comment'
import { useMaintenancePhotos } from '../api/get-maintenance-photos'
import type { MyMaintenanceRequest as MaintenanceRequest } from '../api/get-my-maintenance-requests'
import { useUploadMaintenancePhoto } from '../api/upload-maintenance-photo'

const label = <K extends string>(labels: Record<K, string>, value: string) =>
  value in labels ? labels[value as K] : value

const STATUS_VARIANTS: Record<MaintenanceStatus, BadgeVariant> = {
  received: 'info',
  scheduled: 'accent',
  in_progress: 'warning',
  resolved: 'success',
}
const statusVariant = (status: string): BadgeVariant =>
  status in STATUS_VARIANTS ? STATUS_VARIANTS[status as MaintenanceStatus] : 'secondary'

/** The tenant's maintenance requests with their status history, photos and comments. */
export function MaintenanceRequestsList({
  tenantId,
  requests,
  isPending,
  error,
  onRetry,
}: {
  tenantId: string
  requests: MaintenanceRequest[] | undefined
  isPending: boolean
  error: Error | null
  onRetry: () => void
}) {
  if (isPending) {
    return (
      <div
        className="space-y-3"
        role="status"
        aria-busy="true"
        aria-label="Loading your maintenance requests"
      >
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    )
  }
  if (error) {
    return (
      <Alert
        variant="error"
        title="We could not load your maintenance requests."
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {error.message}
      </Alert>
    )
  }
  if (!requests || requests.length === 0) {
    return <p className="text-sm text-stone-600">You have not logged any maintenance requests yet.</p>
  }
  return (
    <ul className="space-y-4" aria-label="Your maintenance requests">
      {requests.map((r) => (
        <RequestItem key={r.id} tenantId={tenantId} request={r} />
      ))}
    </ul>
  )
}

function RequestItem({ tenantId, request }: { tenantId: string; request: MaintenanceRequest }) {
  const headingId = `request-${request.id}`
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <article aria-labelledby={headingId} data-testid="maintenance-request">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold text-stone-900">
            {label(MAINTENANCE_CATEGORY_LABELS, request.category)}
            <span className="sr-only">, logged {formatDay(request.created_at)}</span>
          </h3>
          <Badge variant={statusVariant(request.status)} data-testid="maintenance-status">
            {label(MAINTENANCE_STATUS_LABELS, request.status)}
          </Badge>
          <Badge variant="outline">{label(MAINTENANCE_URGENCY_LABELS, request.urgency)} urgency</Badge>
        </div>
        <p className="mt-1 text-xs text-stone-600">
          Logged {formatDay(request.created_at)}
          {request.scheduled_for && ` · scheduled for ${formatDay(request.scheduled_for)}`}
        </p>
        <p className="mt-2 text-sm whitespace-pre-line text-stone-800">{request.description}</p>

        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <section aria-label="Status history">
            <h4 className="text-sm font-semibold text-stone-900">Status history</h4>
            <ol className="mt-2 space-y-2 border-l-2 border-stone-200 pl-3 text-sm">
              {request.events.map((e) => (
                <li key={e.id}>
                  <span className="font-medium text-stone-900">
                    {label(MAINTENANCE_STATUS_LABELS, e.status)}
                  </span>{' '}
                  <span className="text-stone-600">
                    <time dateTime={e.created_at}>{formatDay(e.created_at)}</time>
                  </span>
                  {e.note && <p className="text-stone-700">{e.note}</p>}
                </li>
              ))}
            </ol>
          </section>
          <RequestPhotos tenantId={tenantId} requestId={request.id} />
        </div>
        <RequestComments request={request} />
      </article>
    </li>
  )
}

function RequestPhotos({ tenantId, requestId }: { tenantId: string; requestId: string }) {
  const photos = useMaintenancePhotos(tenantId, requestId)
  const upload = useUploadMaintenancePhoto()
  const count = photos.data?.length ?? 0
  return (
    <section aria-label="Photos">
      <h4 className="text-sm font-semibold text-stone-900">Photos</h4>
      {photos.isPending ? (
        <Skeleton className="mt-2 h-16 w-full" />
      ) : photos.error ? (
        <p className="mt-2 text-sm text-red-700">The photos could not be loaded.</p>
      ) : count === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No photos.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {photos.data?.map((p, i) => (
            <li key={p.name}>
              <a
                href={p.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <img
                  src={p.url}
                  alt={`Attachment ${i + 1} of the request`}
                  className="size-16 rounded-lg border border-stone-200 object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {!photos.isPending && count < MAINTENANCE_MAX_PHOTOS && (
        <UploadControl
          className="mt-3"
          label="Add a photo"
          hint={`JPG, PNG or WebP, up to 5 MB; ${MAINTENANCE_MAX_PHOTOS - count} more allowed`}
          accept={MAINTENANCE_PHOTO_TYPES}
          maxBytes={MAINTENANCE_PHOTO_MAX_BYTES}
          buttonLabel="Choose a photo"
          upload={async (file, onProgress) => {
            await upload.mutateAsync({ tenantId, requestId, file, onProgress })
          }}
        />
      )}
    </section>
  )
}

function RequestComments({ request }: { request: MaintenanceRequest }) {
  const form = useValidatedForm({ body: '' })
  const add = useAddMaintenanceComment()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const input = form.validate(MaintenanceCommentInputSchema)
    if (!input) return
    try {
      await add.mutateAsync({ requestId: request.id, body: input.body })
      form.reset()
    } catch (error) {
      form.setFormError(
        error instanceof Error ? error.message : 'The comment was not saved. Please try again.',
      )
    }
  }

  return (
    <section className="mt-4" aria-label="Comments">
      <h4 className="text-sm font-semibold text-stone-900">Comments</h4>
      {request.comments.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">No comments yet.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {request.comments.map((c) => (
            <li
              key={c.id}
              className={
                c.author_role === 'admin' ? 'rounded-lg bg-brand-50 p-2' : 'rounded-lg bg-stone-100 p-2'
              }
            >
              <p className="text-xs font-semibold text-stone-700">
                {c.author_role === 'admin' ? 'Centre management' : 'You'} ·{' '}
                <time dateTime={c.created_at}>{formatDay(c.created_at)}</time>
              </p>
              <p className="whitespace-pre-line text-stone-800">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="mt-3 space-y-2">
        {form.formError && (
          <Alert variant="error" title="Your comment was not saved.">
            {form.formError}
          </Alert>
        )}
        <Field label="Add a comment" error={form.errors.body}>
          {(control) => (
            <TextArea
              {...control}
              className={`${control.className} min-h-20 py-2`}
              maxLength={2000}
              value={form.values.body}
              onChange={(e) => form.set('body')(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" size="sm" disabled={add.isPending}>
          {add.isPending && <Spinner className="size-4" />}
          Send comment
        </Button>
      </form>
    </section>
  )
}
