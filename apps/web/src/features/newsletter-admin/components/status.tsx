import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Progress } from '../../../components/ui/progress'
import type { Progress as Counts, Newsletter, NewsletterStatus } from '../api/newsletters'

export const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })
export const formatWhen = (iso: string | null | undefined) => (iso ? when.format(new Date(iso)) : '—')

const STATUS: Record<NewsletterStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  scheduled: { label: 'Scheduled', variant: 'info' },
  sending: { label: 'Sending', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
}

export function NewsletterStatusBadge({ status }: { status: NewsletterStatus }) {
  return <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>
}

/** How far a send has got: sent, failed and skipped are done, queued and in hand are not. */
export function doneShare(p: Counts): number {
  return p.total === 0 ? 0 : Math.round(((p.sent + p.failed + p.skipped) / p.total) * 100)
}

/** The progress bar with its numbers, for the list and for the issue's own page. */
export function SendProgress({ newsletter, compact }: { newsletter: Newsletter; compact?: boolean }) {
  const p = newsletter.progress
  const share = doneShare(p)
  return (
    <div className={compact ? 'min-w-36 space-y-1' : 'space-y-2'}>
      <Progress value={share} aria-label={`Sending ${newsletter.subject}: ${share}% done`} />
      <p className="text-xs text-stone-700">
        {p.sent} of {p.total} sent
        {p.failed > 0 && <span className="text-red-800"> · {p.failed} failed</span>}
        {p.skipped > 0 && <span> · {p.skipped} skipped</span>}
        {!compact && p.queued + p.sending > 0 && <span> · {p.queued + p.sending} still to go</span>}
      </p>
    </div>
  )
}
