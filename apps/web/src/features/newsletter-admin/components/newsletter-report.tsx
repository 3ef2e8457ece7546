import type { NewsletterSender } from '@genesis/contracts/newsletter-email'
import { ArrowLeftIcon, RotateCcwIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { NativeSelect } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toasts'
import { paths } from '../../../config/paths'
import {
  DELIVERIES_PAGE_SIZE,
  type Delivery,
  type Newsletter,
  useDeliveries,
  useNewsletterMutations,
} from '../api/newsletters'
import { EmailPreview } from './email-preview'
import { formatWhen, NewsletterStatusBadge, SendProgress } from './status'

const DELIVERY: Record<Delivery['status'], { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Waiting', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
  skipped: { label: 'Skipped', variant: 'outline' },
}

/** A sending or sent issue: live progress, per-recipient status with reasons, retry of the failed ones. */
export function NewsletterReport({
  newsletter,
  sender,
}: {
  newsletter: Newsletter
  sender: NewsletterSender
}) {
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(1)
  const live = newsletter.status === 'sending'
  const p = newsletter.progress
  const version = `${newsletter.status}:${p.queued}:${p.sending}:${p.sent}:${p.failed}:${p.skipped}`
  const deliveries = useDeliveries(newsletter.id, status, page, version)
  const { retryFailed } = useNewsletterMutations()

  const columns = useMemo(
    (): DataColumn<Delivery>[] => [
      {
        id: 'email',
        header: 'Recipient',
        cell: (d) => <span className="break-all">{d.email ?? 'Erased on request'}</span>,
      },
      {
        id: 'status',
        header: 'Status',
        cell: (d) => <Badge variant={DELIVERY[d.status].variant}>{DELIVERY[d.status].label}</Badge>,
      },
      {
        id: 'detail',
        header: 'Detail',
        cell: (d) =>
          d.status === 'sent'
            ? `Sent ${formatWhen(d.sent_at)}`
            : d.error
              ? d.error
              : d.attempts > 0
                ? `Attempt ${d.attempts + 1} coming`
                : '—',
      },
    ],
    [],
  )

  return (
    <div className="space-y-5">
      <ButtonLink to={paths.admin.newsletter.getHref()} variant="ghost" size="sm">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to newsletters
      </ButtonLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-stone-900">{newsletter.subject}</h1>
        <NewsletterStatusBadge status={newsletter.status} />
      </div>
      <section
        aria-labelledby="progress-heading"
        className="space-y-3 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h2 id="progress-heading" className="text-lg font-semibold text-stone-900">
          {live ? 'Sending' : 'Delivery'}
        </h2>
        <SendProgress newsletter={newsletter} />
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
          {(
            [
              ['Recipients', p.total],
              ['Sent', p.sent],
              ['Failed', p.failed],
              ['Skipped (unsubscribed)', p.skipped],
              ['Still to go', p.queued + p.sending],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-stone-50 p-2">
              <dt className="text-stone-600">{label}</dt>
              <dd className="text-lg font-semibold text-stone-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-stone-700">
          Started {formatWhen(newsletter.started_at)}
          {newsletter.sent_at ? ` · finished ${formatWhen(newsletter.sent_at)}` : ''}.{' '}
          {live && 'Sending goes on in the background if you leave this page or the server restarts.'}
        </p>
        {p.failed > 0 && (
          <Alert
            variant="warning"
            title={`${p.failed} recipient${p.failed === 1 ? '' : 's'} could not be mailed.`}
            action={
              <Button
                variant="outline"
                size="sm"
                disabled={retryFailed.isPending}
                onClick={() =>
                  retryFailed.mutate(newsletter.id, {
                    onSuccess: (n) => notify.success(`Trying ${n} again`),
                    onError: (e) => notify.error('The retry did not start', { description: e.message }),
                  })
                }
              >
                <RotateCcwIcon className="size-4" aria-hidden="true" />
                Retry failed
              </Button>
            }
          >
            The reasons are listed below. A delivery interrupted by a server restart is marked failed rather
            than sent twice; retry only if it did not arrive.
          </Alert>
        )}
      </section>
      <section aria-labelledby="recipients-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="recipients-heading" className="text-lg font-semibold text-stone-900">
            Recipients
          </h2>
          <div>
            <label htmlFor="delivery-status" className="block text-sm font-medium text-stone-800">
              Show
            </label>
            <NativeSelect
              id="delivery-status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value)
                setPage(1)
              }}
              className="block rounded-lg border border-stone-300 bg-white px-3 text-base"
            >
              <option value="">Everyone</option>
              <option value="failed">Failed</option>
              <option value="sent">Sent</option>
              <option value="skipped">Skipped</option>
              <option value="queued">Waiting</option>
            </NativeSelect>
          </div>
        </div>
        <DataTable
          label="Recipient list"
          columns={columns}
          rows={deliveries.data?.rows}
          rowKey={(d) => d.id}
          total={deliveries.data?.total}
          isPending={deliveries.isPending}
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
          empty={status ? 'No recipient has this status.' : 'No recipients.'}
          sort="updated_at"
          dir="desc"
          onSort={() => undefined}
          page={page}
          pageSize={DELIVERIES_PAGE_SIZE}
          onPage={setPage}
        />
      </section>
      <section aria-labelledby="content-heading" className="space-y-3">
        <h2 id="content-heading" className="text-lg font-semibold text-stone-900">
          What was sent
        </h2>
        <EmailPreview
          draft={{ subject: newsletter.subject, preheader: newsletter.preheader, body: newsletter.body }}
          sender={sender}
        />
      </section>
    </div>
  )
}
