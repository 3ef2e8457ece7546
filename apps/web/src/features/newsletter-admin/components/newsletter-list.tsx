import { PlusIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table'
import { paths } from '../../../config/paths'
import { useNewsletters } from '../api/newsletters'
import { formatWhen, NewsletterStatusBadge, SendProgress } from './status'

/** Every issue, newest first: status, recipients, sent and failed counts, live while one sends. */
export function NewsletterList() {
  const newsletters = useNewsletters()

  return (
    <section aria-labelledby="issues-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="issues-heading" className="text-lg font-semibold text-stone-900">
          Issues
        </h2>
        <Link to={paths.admin.newNewsletter.getHref()} className={buttonClasses('primary')}>
          <PlusIcon className="size-4" aria-hidden="true" />
          New newsletter
        </Link>
      </div>
      {newsletters.error ? (
        <Alert
          variant="error"
          title="We could not load the newsletters."
          action={
            <Button variant="outline" size="sm" onClick={() => void newsletters.refetch()}>
              Try again
            </Button>
          }
        >
          {newsletters.error.message}
        </Alert>
      ) : (
        <div className="rounded-xl border border-stone-200 bg-white">
          <Table label="Newsletters" aria-busy={newsletters.isPending}>
            <TableHeader>
              <TableRow>
                <TableHead>Subject</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Recipients</TableHead>
                <TableHead>Delivery</TableHead>
                <TableHead>When</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {newsletters.isPending ? (
                Array.from({ length: 3 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <TableRow key={i}>
                    {Array.from({ length: 5 }, (_, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                      <TableCell key={j}>
                        <Skeleton className="h-4 w-full max-w-40" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : newsletters.data.length === 0 ? (
                <TableEmpty colSpan={5}>
                  No newsletters yet. Write the first one with <strong>New newsletter</strong>.
                </TableEmpty>
              ) : (
                newsletters.data.map((n) => (
                  <TableRow key={n.id}>
                    <TableCell>
                      <Link
                        to={paths.admin.editNewsletter.getHref(n.id)}
                        className="font-medium text-brand-800 underline-offset-2 hover:underline"
                      >
                        {n.subject}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <NewsletterStatusBadge status={n.status} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {n.status === 'draft' || n.status === 'scheduled' ? '—' : n.recipient_count}
                    </TableCell>
                    <TableCell>
                      {n.status === 'sending' || n.status === 'sent' ? (
                        <SendProgress newsletter={n} compact />
                      ) : n.last_test_sent_at ? (
                        <span className="text-sm text-stone-700">
                          Test sent {formatWhen(n.last_test_sent_at)}
                        </span>
                      ) : (
                        <span className="text-sm text-stone-600">Not sent</span>
                      )}
                    </TableCell>
                    <TableCell className="text-sm whitespace-nowrap text-stone-700">
                      {n.status === 'sent'
                        ? `Sent ${formatWhen(n.sent_at)}`
                        : n.status === 'sending'
                          ? `Started ${formatWhen(n.started_at)}`
                          : n.status === 'scheduled'
                            ? `Goes out ${formatWhen(n.scheduled_at)}`
                            : `Edited ${formatWhen(n.updated_at)}`}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  )
}
