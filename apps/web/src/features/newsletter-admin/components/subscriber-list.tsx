import { toCsvFromRecords } from '@genesis/contracts/csv'
import { DownloadIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { ListToolbar } from '../../../components/ui/list-toolbar'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import { useListParams } from '../../../lib/use-list-params'
import {
  type ConsentEvent,
  SUBSCRIBER_SORTS,
  SUBSCRIBERS_PAGE_SIZE,
  type Subscriber,
  type SubscriberSort,
  subscribersForExport,
  useConsentHistory,
  useSubscribers,
  useUnsubscribeOnRequest,
} from '../api/newsletters'
import { formatWhen } from './status'

const STATUS: Record<Subscriber['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Awaiting confirmation', variant: 'warning' },
  subscribed: { label: 'Subscribed', variant: 'success' },
  unsubscribed: { label: 'Unsubscribed', variant: 'secondary' },
}
const STATUS_FILTER = {
  subscribed: 'Subscribed',
  pending: 'Awaiting confirmation',
  unsubscribed: 'Unsubscribed',
}

const EVENT: Record<ConsentEvent['event'], string> = {
  opt_in_requested: 'Signed up (asked to confirm)',
  opt_in_confirmed: 'Confirmed the subscription',
  opt_out: 'Unsubscribed',
}

function ConsentHistory({ subscriber }: { subscriber: Subscriber }) {
  const history = useConsentHistory(subscriber.id)
  if (history.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    )
  }
  if (history.error) {
    return (
      <Alert variant="error" title="We could not load the consent history.">
        {history.error.message}
      </Alert>
    )
  }
  if (history.data.length === 0)
    return <p className="text-sm text-stone-700">Nothing recorded for this address.</p>
  return (
    <ol className="space-y-3">
      {history.data.map((e) => (
        <li key={e.id} className="rounded-lg border border-stone-200 p-3 text-sm">
          <p className="font-semibold text-stone-900">{EVENT[e.event]}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-stone-700">
            <dt>When</dt>
            <dd>{formatWhen(e.occurred_at)}</dd>
            <dt>Where</dt>
            <dd>{e.source}</dd>
            <dt>Wording</dt>
            <dd>“{e.wording}”</dd>
            <dt>From</dt>
            <dd className="break-all">
              {[e.ip_address, e.user_agent].filter(Boolean).join(' · ') || 'not recorded'}
            </dd>
            {e.recorded_by && (
              <>
                <dt>Recorded by</dt>
                <dd>{e.recorded_by}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ol>
  )
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(url)
}

/** Subscribers: search by address, filter by status, the consent history of each, CSV export. */
export function SubscriberList() {
  const list = useListParams<SubscriberSort, 'status'>({
    sorts: SUBSCRIBER_SORTS,
    defaultSort: 'consented_at',
    defaultDir: 'desc',
    filters: ['status'],
  })
  const { params } = list
  const query = {
    q: params.q,
    status: params.filters.status,
    sort: params.sort,
    dir: params.dir,
    page: params.page,
  }
  const subscribers = useSubscribers(query)
  const [history, setHistory] = useState<Subscriber | null>(null)
  const [leaving, setLeaving] = useState<Subscriber | null>(null)
  const [exporting, setExporting] = useState(false)
  const unsubscribe = useUnsubscribeOnRequest()

  async function exportCsv() {
    setExporting(true)
    try {
      const { subscribers: rows, events } = await subscribersForExport(query)
      const byId = new Map<string, ConsentEvent[]>()
      for (const e of events) byId.set(e.subscriber_id, [...(byId.get(e.subscriber_id) ?? []), e])
      const lastOf = (s: Subscriber, kind: ConsentEvent['event']) =>
        (byId.get(s.id) ?? []).filter((e) => e.event === kind).at(-1)
      const csv = toCsvFromRecords<Subscriber>(
        [
          { header: 'Email', value: (s) => s.email },
          { header: 'Status', value: (s) => s.status },
          { header: 'Source', value: (s) => s.source },
          { header: 'Signed up at', value: (s) => s.consented_at },
          { header: 'Confirmed at', value: (s) => s.confirmed_at },
          { header: 'Unsubscribed at', value: (s) => s.unsubscribed_at },
          {
            header: 'Consent wording',
            value: (s) => lastOf(s, 'opt_in_confirmed')?.wording ?? lastOf(s, 'opt_in_requested')?.wording,
          },
          { header: 'Confirmed from IP', value: (s) => lastOf(s, 'opt_in_confirmed')?.ip_address },
          { header: 'Confirmed with browser', value: (s) => lastOf(s, 'opt_in_confirmed')?.user_agent },
          { header: 'Consent events', value: (s) => (byId.get(s.id) ?? []).length },
        ],
        rows,
        { bom: true },
      )
      download(`newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`, csv)
      notify.success(`Exported ${rows.length} subscriber${rows.length === 1 ? '' : 's'}`)
    } catch (e) {
      notify.error('The export failed', { description: e instanceof Error ? e.message : String(e) })
    } finally {
      setExporting(false)
    }
  }

  const columns = useMemo(
    (): DataColumn<Subscriber>[] => [
      {
        id: 'email',
        header: 'Email',
        sortable: true,
        cell: (s) => <span className="break-all">{s.email}</span>,
      },
      {
        id: 'status',
        header: 'Status',
        sortable: true,
        cell: (s) => <Badge variant={STATUS[s.status].variant}>{STATUS[s.status].label}</Badge>,
      },
      { id: 'source', header: 'Source', cell: (s) => s.source, className: 'hidden md:table-cell' },
      {
        id: 'consented_at',
        header: 'Signed up',
        sortable: true,
        cell: (s) => formatWhen(s.consented_at),
        className: 'hidden sm:table-cell whitespace-nowrap',
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: (s) => (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setHistory(s)}
              aria-label={`Consent history of ${s.email}`}
            >
              History
            </Button>
            {s.status !== 'unsubscribed' && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setLeaving(s)}
                aria-label={`Unsubscribe ${s.email}`}
              >
                Unsubscribe
              </Button>
            )}
          </div>
        ),
      },
    ],
    [],
  )

  return (
    <section aria-labelledby="subscribers-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subscribers-heading" className="text-lg font-semibold text-stone-900">
          Subscribers
        </h2>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
          <DownloadIcon className="size-4" aria-hidden="true" />
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <ListToolbar
        label="Subscribers"
        searchLabel="Search by e-mail"
        list={list}
        filters={[{ name: 'status', label: 'Status', anyLabel: 'All', options: STATUS_FILTER }]}
      />
      <DataTable
        label="Subscriber list"
        columns={columns}
        rows={subscribers.data?.rows}
        rowKey={(s) => s.id}
        total={subscribers.data?.total}
        isPending={subscribers.isPending || subscribers.isPlaceholderData}
        error={subscribers.error}
        onRetry={() => void subscribers.refetch()}
        empty={params.q || params.filters.status ? 'No subscriber matches.' : 'Nobody has subscribed yet.'}
        sort={params.sort}
        dir={params.dir}
        onSort={(c) => list.toggleSort(c as SubscriberSort)}
        page={params.page}
        pageSize={SUBSCRIBERS_PAGE_SIZE}
        onPage={list.setPage}
      />
      <p className="text-sm text-stone-600">
        Only addresses that confirmed their subscription receive newsletters. Every sign-up, confirmation and
        unsubscribe is kept in the consent history, which cannot be changed.
      </p>

      <Dialog open={history !== null} onOpenChange={(open) => !open && setHistory(null)}>
        {history && (
          <DialogContent
            title={`Consent history: ${history.email}`}
            description="Every opt-in and opt-out, as recorded."
          >
            <ConsentHistory subscriber={history} />
          </DialogContent>
        )}
      </Dialog>
      <AlertDialog open={leaving !== null} onOpenChange={(open) => !open && setLeaving(null)}>
        {leaving && (
          <AlertDialogContent
            title={`Unsubscribe ${leaving.email}?`}
            description="Do this when the person asked you to. They receive no more newsletters until they subscribe again themselves; the consent history records that you did it."
            confirmLabel="Unsubscribe"
            destructive
            pending={unsubscribe.isPending}
            onConfirm={() =>
              unsubscribe.mutate(leaving.id, {
                onSuccess: () => {
                  notify.success(`${leaving.email} is unsubscribed`)
                  setLeaving(null)
                },
                onError: (e) => {
                  notify.error('The address was not unsubscribed', { description: e.message })
                  setLeaving(null)
                },
              })
            }
          />
        )}
      </AlertDialog>
    </section>
  )
}
