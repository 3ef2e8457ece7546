import { formatDay } from '@genesis/contracts/tenant-portal'
import { BellIcon } from 'lucide-react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { LazyMarkdown } from '../../../components/ui/lazy-markdown'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import type { Notice } from '../api/get-notices'
import { useMarkNoticeRead } from '../api/mark-notice-read'

/** The centre's notices to the tenant, newest first; unread ones marked, each can be marked read. */
export function NoticesCard({
  notices,
  isPending,
  error,
  onRetry,
  className,
}: {
  notices: Notice[] | undefined
  isPending: boolean
  error: Error | null
  onRetry: () => void
  className?: string
}) {
  const unread = notices?.filter((n) => !n.readAt).length ?? 0
  return (
    <Card role="region" aria-labelledby="notices-title" className={className}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id="notices-title" className="flex items-center gap-2">
          <BellIcon className="size-5 text-brand-700" aria-hidden="true" />
          Notices
        </CardTitle>
        {unread > 0 && <Badge variant="accent">{unread} unread</Badge>}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading notices">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : error ? (
          <Alert
            variant="error"
            title="We could not load the notices."
            action={
              <Button variant="outline" size="sm" onClick={onRetry}>
                Try again
              </Button>
            }
          >
            {error.message}
          </Alert>
        ) : !notices || notices.length === 0 ? (
          <p className="text-sm text-stone-600">There are no notices from the centre right now.</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="Notices from the centre">
            {notices.map((n) => (
              <NoticeItem key={n.id} notice={n} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function NoticeItem({ notice }: { notice: Notice }) {
  const mark = useMarkNoticeRead()
  const unread = !notice.readAt
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-unread={unread || undefined}>
      <article aria-labelledby={`notice-${notice.id}`}>
        <div className="flex flex-wrap items-center gap-2">
          {unread && <Badge variant="accent">Unread</Badge>}
          <h3
            id={`notice-${notice.id}`}
            className={unread ? 'font-bold text-stone-900' : 'font-semibold text-stone-800'}
          >
            {notice.title}
          </h3>
        </div>
        <p className="mt-1 text-xs text-stone-600">
          <time dateTime={notice.published_at}>{formatDay(notice.published_at)}</time>
        </p>
        <div className="mt-2">
          <LazyMarkdown text={notice.body} />
        </div>
        {unread && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 -ml-2"
            disabled={mark.isPending}
            aria-describedby={`notice-${notice.id}`}
            onClick={() =>
              mark.mutate(
                { noticeId: notice.id },
                {
                  onError: (error) =>
                    notify.error('The notice could not be marked as read', { description: error.message }),
                },
              )
            }
          >
            Mark as read
          </Button>
        )}
      </article>
    </li>
  )
}
