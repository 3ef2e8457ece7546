import { CheckIcon, RotateCcwIcon } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Field, TextArea } from '../../../components/ui/field'
import { ListToolbar } from '../../../components/ui/list-toolbar'
import { LiveIndicator } from '../../../components/ui/live-indicator'
import { notify } from '../../../components/ui/toasts'
import { useListParams } from '../../../lib/use-list-params'
import { ENQUIRIES_PAGE_SIZE, ENQUIRY_SORTS, type Enquiry, useEnquiries } from '../api/get-enquiries'
import { HandleEnquirySchema, useMarkHandled } from '../api/mark-handled'
import { useResendEnquiryMail } from '../api/resend-enquiry-mail'

const KINDS = { leasing: 'Leasing', contact: 'Contact', unit: 'Unit' } as const
const DELIVERY: Record<Enquiry['email_status'], { label: string; variant: BadgeVariant }> = {
  sent: { label: 'Mail sent', variant: 'success' },
  failed: { label: 'Mail failed', variant: 'danger' },
  pending: { label: 'Mail pending', variant: 'warning' },
}
const DELIVERY_FILTER = { sent: 'Sent', failed: 'Failed', pending: 'Pending' }
const HANDLING_FILTER = { open: 'Open', handled: 'Handled' }
const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })

function HandleDialog({ enquiry, onClose }: { enquiry: Enquiry; onClose: () => void }) {
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()
  const mark = useMarkHandled()
  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = HandleEnquirySchema.safeParse({ note })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    try {
      await mark.mutateAsync({ id: enquiry.id, handled: true, note: parsed.data.note })
      notify.success(`Marked handled: ${enquiry.name}`)
      onClose()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && !mark.isPending && onClose()}>
      <DialogContent
        title={`Mark handled: ${enquiry.name}`}
        description="Add what was done, for whoever reads this next."
      >
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <Field label="Note" error={error}>
            {(control) => <TextArea {...control} value={note} onChange={(e) => setNote(e.target.value)} />}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose} disabled={mark.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mark.isPending}>
              {mark.isPending ? 'Saving…' : 'Mark handled'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/**
 * Enquiries (issue 13, item 5): every enquiry ever sent, newest first, with its mail delivery
 * status; filtered by kind, delivery and handling, searched by name, e-mail or company; new ones
 * arrive live; each can be marked handled with a note (or opened again).
 */
export function EnquiryInbox() {
  const list = useListParams({
    sorts: ENQUIRY_SORTS,
    defaultSort: 'created_at',
    defaultDir: 'desc',
    filters: ['kind', 'delivery', 'handled'] as const,
  })
  const { params } = list
  const query = useEnquiries({
    q: params.q,
    kind: params.filters.kind,
    delivery: params.filters.delivery,
    handled: params.filters.handled,
    sort: params.sort,
    dir: params.dir,
    page: params.page,
  })
  const [handling, setHandling] = useState<Enquiry | null>(null)
  const reopen = useMarkHandled()
  const resend = useResendEnquiryMail()

  const columns: DataColumn<Enquiry>[] = [
    {
      id: 'created_at',
      header: 'Received',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (e) => <time dateTime={e.created_at}>{when.format(new Date(e.created_at))}</time>,
    },
    {
      id: 'kind',
      header: 'Kind',
      sortable: true,
      cell: (e) => (
        <span>
          {KINDS[e.kind]}
          {e.unit_number && <span className="block text-xs text-stone-600">Unit {e.unit_number}</span>}
        </span>
      ),
    },
    {
      id: 'name',
      header: 'From',
      sortable: true,
      cell: (e) => (
        <span className="block min-w-40">
          <span className="block font-medium text-stone-900">{e.name}</span>
          <a href={`mailto:${e.email}`} className="block text-xs text-brand-800 underline">
            {e.email}
          </a>
          {e.phone && <span className="block text-xs text-stone-600">{e.phone}</span>}
          {e.company && <span className="block text-xs text-stone-600">{e.company}</span>}
        </span>
      ),
    },
    {
      id: 'message',
      header: 'Message',
      cell: (e) => (
        <p className="line-clamp-3 max-w-md min-w-48 whitespace-pre-line text-stone-700">
          {e.message || '—'}
        </p>
      ),
    },
    {
      id: 'email_status',
      header: 'Mail',
      cell: (e) => (
        <span>
          <Badge variant={DELIVERY[e.email_status].variant}>{DELIVERY[e.email_status].label}</Badge>
          {e.provider_error && (
            <span className="mt-1 block max-w-48 text-xs text-red-800">{e.provider_error}</span>
          )}
          {e.email_status === 'failed' && (
            <Button
              variant="outline"
              size="sm"
              className="mt-1"
              disabled={resend.isPending}
              onClick={() =>
                resend
                  .mutateAsync(e.id)
                  .then(() => notify.success(`Mail sent again: ${e.name}`))
                  .catch((error: Error) =>
                    notify.error('The mail could not be sent', { description: error.message }),
                  )
              }
            >
              <RotateCcwIcon className="size-4" aria-hidden="true" />
              Resend mail<span className="sr-only"> for the enquiry from {e.name}</span>
            </Button>
          )}
        </span>
      ),
    },
    {
      id: 'handled',
      header: 'Handled',
      cell: (e) =>
        e.handled_at ? (
          <span className="block min-w-40">
            <Badge variant="success">
              <CheckIcon className="size-3" aria-hidden="true" />
              Handled
            </Badge>
            {e.handled_note && <span className="mt-1 block text-xs text-stone-700">{e.handled_note}</span>}
            <Button
              variant="ghost"
              size="sm"
              className="mt-1"
              disabled={reopen.isPending}
              onClick={() =>
                reopen
                  .mutateAsync({ id: e.id, handled: false, note: '' })
                  .catch((error: Error) =>
                    notify.error('Could not reopen the enquiry', { description: error.message }),
                  )
              }
            >
              <RotateCcwIcon className="size-4" aria-hidden="true" />
              Reopen<span className="sr-only"> the enquiry from {e.name}</span>
            </Button>
          </span>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setHandling(e)}>
            Mark handled<span className="sr-only"> the enquiry from {e.name}</span>
          </Button>
        ),
    },
  ]

  const filtered = Boolean(
    params.q || params.filters.kind || params.filters.delivery || params.filters.handled,
  )
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Enquiries</h1>
        <LiveIndicator state={query.live} liveText="Live: new enquiries appear here" />
      </div>
      <ListToolbar
        label="Enquiries"
        searchLabel="Name, e-mail or company"
        list={list}
        filters={[
          { name: 'kind', label: 'Kind', anyLabel: 'All kinds', options: KINDS },
          { name: 'delivery', label: 'Mail delivery', anyLabel: 'Any delivery', options: DELIVERY_FILTER },
          { name: 'handled', label: 'Handling', anyLabel: 'Open and handled', options: HANDLING_FILTER },
        ]}
      />
      <DataTable
        label="Enquiries"
        columns={columns}
        rows={query.data?.rows}
        rowKey={(e) => e.id}
        total={query.data?.total}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          filtered
            ? 'No enquiries match these filters.'
            : 'No enquiries yet. New ones appear here as they arrive.'
        }
        sort={params.sort}
        dir={params.dir}
        onSort={(c) => list.toggleSort(c as (typeof ENQUIRY_SORTS)[number])}
        page={params.page}
        pageSize={ENQUIRIES_PAGE_SIZE}
        onPage={list.setPage}
      />
      {handling && <HandleDialog enquiry={handling} onClose={() => setHandling(null)} />}
    </div>
  )
}
