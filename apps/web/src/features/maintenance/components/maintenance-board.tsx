import { MaintenanceCommentInputSchema } from '@genesis/contracts/maintenance-input'
import { type FormEvent, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Field, NativeSelect, TextArea, TextInput } from '../../../components/ui/field'
import { LiveIndicator } from '../../../components/ui/live-indicator'
import { notify } from '../../../components/ui/toasts'
import { useListParams } from '../../../lib/use-list-params'
import { useShopOptions } from '../../../lib/use-shop-options'
import { type FieldErrors, fieldErrorsOf } from '../../../lib/use-validated-form'
import {
  CATEGORY_LABEL,
  MAINTENANCE_PAGE_SIZE,
  MAINTENANCE_SORTS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_URGENCIES,
  type MaintenanceRequest,
  STATUS_LABEL,
  URGENCY_LABEL,
  useMaintenanceRequests,
} from '../api/get-maintenance-requests'
import { useRequestPhotos } from '../api/get-request-photos'
import {
  sendStatusMail,
  useAddRequestComment,
  useLatestChange,
  useRequestComments,
  useSendStatusMail,
} from '../api/tenant-contact'
import {
  type StatusChange,
  StatusChangeSchema,
  useUpdateMaintenanceStatus,
} from '../api/update-maintenance-status'

const STATUS_VARIANT: Record<MaintenanceRequest['status'], BadgeVariant> = {
  received: 'warning',
  scheduled: 'info',
  in_progress: 'accent',
  resolved: 'success',
}
const URGENCY_VARIANT: Record<MaintenanceRequest['urgency'], BadgeVariant> = {
  low: 'secondary',
  normal: 'outline',
  high: 'warning',
  urgent: 'danger',
}
const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })
const shopName = (r: MaintenanceRequest) => (r.shop ? `${r.shop.shop_no} ${r.shop.trading_name}` : 'No shop')

function RequestPhotos({ request }: { request: MaintenanceRequest }) {
  const photos = useRequestPhotos(request.tenant_id, request.id)
  if (photos.isPending) return <p className="text-sm text-stone-600">Loading photos…</p>
  if (photos.error)
    return <p className="text-sm text-red-700">The photos could not be loaded: {photos.error.message}</p>
  if (photos.data.length === 0) return <p className="text-sm text-stone-600">No photos attached.</p>
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Photos">
      {photos.data.map((p) => (
        <li key={p.url}>
          <a href={p.url} target="_blank" rel="noreferrer">
            <img
              src={p.url}
              alt={`Attached by the tenant: ${p.name}`}
              className="size-20 rounded-lg border border-stone-200 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}

function StatusDialog({ request, onClose }: { request: MaintenanceRequest; onClose: () => void }) {
  const [values, setValues] = useState<StatusChange>({
    status: request.status,
    note: '',
    scheduled_for: request.scheduled_for ?? '',
  })
  const [errors, setErrors] = useState<FieldErrors<StatusChange>>({})
  const [formError, setFormError] = useState<string>()
  const update = useUpdateMaintenanceStatus()
  const set = (key: keyof StatusChange) => (value: string) => setValues((v) => ({ ...v, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = StatusChangeSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrorsOf<StatusChange>(parsed.error))
      return
    }
    setErrors({})
    try {
      await update.mutateAsync({ id: request.id, change: parsed.data })
    } catch (e) {
      setFormError(e instanceof Error ? e.message : String(e))
      return
    }
    const what = `${STATUS_LABEL[parsed.data.status]}: ${CATEGORY_LABEL[request.category] ?? request.category} at ${shopName(request)}`
    onClose()
    // The change is saved; the tenant's e-mail follows, and a failure is shown (and can be resent) without undoing it.
    try {
      await sendStatusMail(request.id)
      notify.success(`${what}. The tenant was e-mailed.`)
    } catch (e) {
      notify.error(
        `${what} was saved, but the e-mail to the tenant failed: ${e instanceof Error ? e.message : e}`,
      )
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent
        title={`Change status: ${CATEGORY_LABEL[request.category] ?? request.category} at ${shopName(request)}`}
        description={request.description}
      >
        <RequestPhotos request={request} />
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          {formError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {formError}
            </p>
          )}
          <Field label="Status" required error={errors.status}>
            {(control) => (
              <NativeSelect
                {...control}
                value={values.status}
                onChange={(e) => set('status')(e.target.value)}
              >
                {MAINTENANCE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABEL[s]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Scheduled for" error={errors.scheduled_for}>
            {(control) => (
              <TextInput
                {...control}
                type="date"
                value={values.scheduled_for}
                onChange={(e) => set('scheduled_for')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Note to the tenant" error={errors.note}>
            {(control) => (
              <TextArea {...control} value={values.note} onChange={(e) => set('note')(e.target.value)} />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save status'}
            </Button>
          </div>
        </form>
        <LatestMail requestId={request.id} />
        <Conversation requestId={request.id} />
      </DialogContent>
    </Dialog>
  )
}

/** Whether the tenant was e-mailed about the latest change; a failed mail can be sent again. */
function LatestMail({ requestId }: { requestId: string }) {
  const latest = useLatestChange(requestId)
  const resend = useSendStatusMail(requestId)
  const change = latest.data
  if (!change || change.email_status === null) return null
  if (change.email_status === 'sent') {
    return (
      <p className="mt-4 text-sm text-stone-600">
        The tenant was e-mailed about “
        {STATUS_LABEL[change.status as keyof typeof STATUS_LABEL] ?? change.status}”
        {change.emailed_at ? ` on ${when.format(new Date(change.emailed_at))}` : ''}.
      </p>
    )
  }
  return (
    <Alert
      variant="warning"
      className="mt-4"
      title="The e-mail about the latest change did not reach the tenant."
      action={
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => notify.success('The tenant was e-mailed.'),
              onError: (e) => notify.error(e.message),
            })
          }
        >
          {resend.isPending ? 'Sending…' : 'Resend e-mail'}
        </Button>
      }
    >
      {change.email_error}
    </Alert>
  )
}

/** The comment thread with the tenant, live both ways. */
function Conversation({ requestId }: { requestId: string }) {
  const headingId = useId()
  const comments = useRequestComments(requestId)
  const add = useAddRequestComment(requestId)
  const [body, setBody] = useState('')
  const [error, setError] = useState<string>()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = MaintenanceCommentInputSchema.safeParse({ body })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    try {
      await add.mutateAsync(parsed.data)
      setBody('')
    } catch (e) {
      // What was typed stays in the box.
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-stone-200 pt-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-stone-900">
          Conversation with the tenant
        </h3>
        <LiveIndicator state={comments.live} />
      </div>
      {comments.isPending ? (
        <p className="mt-2 text-sm text-stone-600" role="status">
          Loading the comments…
        </p>
      ) : comments.error ? (
        <Alert
          variant="error"
          className="mt-2"
          title="We could not load the comments."
          action={
            <Button variant="outline" size="sm" onClick={() => void comments.refetch()}>
              Try again
            </Button>
          }
        >
          {comments.error.message}
        </Alert>
      ) : comments.data.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No comments yet.</p>
      ) : (
        <ol className="mt-2 space-y-2" aria-label="Comments">
          {comments.data.map((c) => (
            <li
              key={c.id}
              className={
                c.author_role === 'admin'
                  ? 'ml-6 rounded-lg bg-brand-50 p-3 text-sm'
                  : 'mr-6 rounded-lg bg-stone-100 p-3 text-sm'
              }
            >
              <p className="text-xs font-semibold text-stone-700">
                {c.author_role === 'admin' ? 'Centre management' : 'Tenant'} ·{' '}
                <time dateTime={c.created_at}>{when.format(new Date(c.created_at))}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-stone-900">{c.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 space-y-2">
        <Field label="Reply to the tenant" error={error}>
          {(control) => <TextArea {...control} value={body} onChange={(e) => setBody(e.target.value)} />}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" variant="outline" disabled={add.isPending}>
            {add.isPending ? 'Sending…' : 'Send reply'}
          </Button>
        </div>
      </form>
    </section>
  )
}

/**
 * Maintenance (issue 13, item 6): every request from every tenant, open ones first by default,
 * filtered by status, urgency and shop (in the URL), updating live; each can be moved to a new
 * status with a note and a date, which the tenant sees live.
 */
export function MaintenanceBoard() {
  const list = useListParams({
    sorts: MAINTENANCE_SORTS,
    defaultSort: 'created_at',
    defaultDir: 'desc',
    filters: ['status', 'urgency', 'shop'] as const,
  })
  const { params } = list
  const query = useMaintenanceRequests({
    status: params.filters.status,
    urgency: params.filters.urgency,
    shop: params.filters.shop,
    sort: params.sort,
    dir: params.dir,
    page: params.page,
  })
  const shops = useShopOptions()
  const [changing, setChanging] = useState<MaintenanceRequest | null>(null)

  const columns: DataColumn<MaintenanceRequest>[] = [
    {
      id: 'created_at',
      header: 'Logged',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (r) => <time dateTime={r.created_at}>{when.format(new Date(r.created_at))}</time>,
    },
    {
      id: 'shop',
      header: 'Shop',
      cell: (r) => (
        <span className="block min-w-36">
          <span className="block font-medium text-stone-900">{shopName(r)}</span>
          <span className="block text-xs text-stone-600">{r.tenant?.company_name ?? ''}</span>
        </span>
      ),
    },
    {
      id: 'description',
      header: 'Request',
      cell: (r) => (
        <span className="block max-w-md min-w-48">
          <span className="block font-medium text-stone-900">{CATEGORY_LABEL[r.category] ?? r.category}</span>
          <span className="line-clamp-2 block text-stone-700">{r.description}</span>
        </span>
      ),
    },
    {
      id: 'urgency',
      header: 'Urgency',
      sortable: true,
      cell: (r) => <Badge variant={URGENCY_VARIANT[r.urgency]}>{URGENCY_LABEL[r.urgency]}</Badge>,
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (r) => (
        <span className="block min-w-32">
          <Badge variant={STATUS_VARIANT[r.status]}>{STATUS_LABEL[r.status]}</Badge>
          {r.status_note && <span className="mt-1 block text-xs text-stone-700">{r.status_note}</span>}
        </span>
      ),
    },
    { id: 'scheduled_for', header: 'Scheduled', sortable: true, cell: (r) => r.scheduled_for ?? '—' },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Button variant="outline" size="sm" onClick={() => setChanging(r)}>
          Change status
          <span className="sr-only">
            {' '}
            of the {CATEGORY_LABEL[r.category] ?? r.category} request at {shopName(r)}
          </span>
        </Button>
      ),
    },
  ]

  const filtered = Boolean(params.filters.status || params.filters.urgency || params.filters.shop)
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Maintenance</h1>
        <LiveIndicator state={query.live} liveText="Live: new requests appear here" />
      </div>
      <div className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-3">
        <Field label="Status">
          {(control) => (
            <NativeSelect
              {...control}
              value={params.filters.status}
              onChange={(e) => list.setFilter('status', e.target.value)}
            >
              <option value="">Every status</option>
              <option value="open">Open (not resolved)</option>
              {MAINTENANCE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Urgency">
          {(control) => (
            <NativeSelect
              {...control}
              value={params.filters.urgency}
              onChange={(e) => list.setFilter('urgency', e.target.value)}
            >
              <option value="">Any urgency</option>
              {MAINTENANCE_URGENCIES.map((u) => (
                <option key={u} value={u}>
                  {URGENCY_LABEL[u]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Shop">
          {(control) => (
            <NativeSelect
              {...control}
              value={params.filters.shop}
              onChange={(e) => list.setFilter('shop', e.target.value)}
            >
              <option value="">{shops.isPending ? 'Loading shops…' : 'Every shop'}</option>
              {(shops.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.shop_no} {s.trading_name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <DataTable
        label="Maintenance requests"
        columns={columns}
        rows={query.data?.rows}
        rowKey={(r) => r.id}
        total={query.data?.total}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={filtered ? 'No requests match these filters.' : 'No maintenance requests yet.'}
        sort={params.sort}
        dir={params.dir}
        onSort={(c) => list.toggleSort(c as (typeof MAINTENANCE_SORTS)[number])}
        page={params.page}
        pageSize={MAINTENANCE_PAGE_SIZE}
        onPage={list.setPage}
      />
      {changing && <StatusDialog request={changing} onClose={() => setChanging(null)} />}
    </div>
  )
}
