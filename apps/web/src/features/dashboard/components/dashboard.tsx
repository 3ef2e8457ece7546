import {
  DoorOpenIcon,
  InboxIcon,
  MailIcon,
  PercentIcon,
  StoreIcon,
  UsersIcon,
  WrenchIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { LiveIndicator } from '../../../components/ui/live-indicator'
import { PageViewsChart } from '../../../components/ui/page-views-chart'
import { Skeleton } from '../../../components/ui/skeleton'
import { paths } from '../../../config/paths'
import { usePageViews } from '../../../lib/use-page-views'
import { occupancy, useDashboardSummary } from '../api/get-dashboard-summary'
import { useLatestEnquiries } from '../api/use-latest-enquiries'

const n = new Intl.NumberFormat('en-ZA')
const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })

function Tile({
  label,
  value,
  detail,
  icon,
  href,
}: {
  label: string
  value: ReactNode
  detail?: ReactNode
  icon: ReactNode
  href?: string
}) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-2 text-sm font-medium text-stone-700">
        {label}
        <span className="text-brand-700">{icon}</span>
      </div>
      <p className="mt-2 text-3xl font-bold text-stone-900 tabular-nums">{value}</p>
      {detail && <p className="mt-1 text-xs text-stone-600">{detail}</p>}
    </>
  )
  const className = 'block rounded-xl border border-stone-200 bg-white p-4'
  return href ? (
    <Link
      to={href}
      className={`${className} hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-700`}
    >
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  )
}

function Retry({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert
      variant="error"
      title={title}
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

function Counts() {
  const summary = useDashboardSummary()
  if (summary.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-28" />
        ))}
        <span className="sr-only" role="status">
          Loading the figures…
        </span>
      </div>
    )
  }
  if (summary.error) {
    return (
      <Retry
        title="We could not load the figures."
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    )
  }
  const s = summary.data
  const occ = occupancy(s)
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Tile
        label="Stores"
        value={n.format(s.stores)}
        detail={`${n.format(s.publishedStores)} published in the directory`}
        icon={<StoreIcon className="size-5" aria-hidden="true" />}
        href={paths.admin.shops.getHref()}
      />
      <Tile
        label="Vacant units"
        value={n.format(s.vacantUnits)}
        detail={`${n.format(s.vacantM2)} m² to let`}
        icon={<DoorOpenIcon className="size-5" aria-hidden="true" />}
        href={paths.admin.vacantShops.getHref()}
      />
      <Tile
        label="Occupancy"
        value={occ === null ? '—' : `${(occ * 100).toFixed(1)}%`}
        detail={
          occ === null
            ? 'Set the centre’s GLA to compute occupancy'
            : `${n.format(s.centreGlaM2 - s.vacantM2)} of ${n.format(s.centreGlaM2)} m² GLA let`
        }
        icon={<PercentIcon className="size-5" aria-hidden="true" />}
      />
      <Tile
        label="Tenants"
        value={n.format(s.activeTenants)}
        detail="active leases"
        icon={<UsersIcon className="size-5" aria-hidden="true" />}
        href={paths.admin.tenants.getHref()}
      />
      <Tile
        label="Newsletter subscribers"
        value={n.format(s.subscribers)}
        icon={<MailIcon className="size-5" aria-hidden="true" />}
        href={paths.admin.newsletter.getHref()}
      />
      <Tile
        label="Enquiries this week"
        value={n.format(s.enquiriesThisWeek)}
        detail="in the last 7 days"
        icon={<InboxIcon className="size-5" aria-hidden="true" />}
        href={paths.admin.enquiries.getHref()}
      />
      <Tile
        label="Open maintenance requests"
        value={s.openMaintenance === null ? '—' : n.format(s.openMaintenance)}
        detail={
          s.openMaintenance === null ? 'Maintenance requests are not available yet' : 'not yet resolved'
        }
        icon={<WrenchIcon className="size-5" aria-hidden="true" />}
        href={paths.admin.maintenance.getHref()}
      />
    </div>
  )
}

const KIND_LABEL = { unit: 'Unit', leasing: 'Leasing', contact: 'Contact' } as const

function LatestEnquiries() {
  const latest = useLatestEnquiries(5)
  return (
    <section aria-labelledby="latest-enquiries" className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="latest-enquiries" className="text-lg font-semibold text-stone-900">
          Latest enquiries
        </h2>
        <LiveIndicator state={latest.live} />
      </div>
      {latest.isPending ? (
        <div className="mt-3 space-y-2" aria-busy="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : latest.error ? (
        <div className="mt-3">
          <Retry
            title="We could not load the enquiries."
            error={latest.error}
            onRetry={() => void latest.refetch()}
          />
        </div>
      ) : latest.data.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No enquiries yet. New ones appear here as they arrive.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100" aria-label="Latest enquiries">
          {latest.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <span className="min-w-0">
                <span className="block truncate font-medium text-stone-900">
                  {e.name}
                  {e.company ? ` · ${e.company}` : ''}
                </span>
                <span className="block text-xs text-stone-600">
                  {KIND_LABEL[e.kind]}
                  {e.unit_number ? ` · unit ${e.unit_number}` : ''} ·{' '}
                  <time dateTime={e.created_at}>{when.format(new Date(e.created_at))}</time>
                </span>
              </span>
              {e.email_status === 'failed' && <Badge variant="danger">Mail failed</Badge>}
            </li>
          ))}
        </ul>
      )}
      <Link
        to={paths.admin.enquiries.getHref()}
        className="mt-3 inline-block text-sm font-semibold text-brand-800 hover:underline"
      >
        All enquiries
      </Link>
    </section>
  )
}

function PageViews() {
  const views = usePageViews(30)
  return (
    <section aria-labelledby="page-views" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="page-views" className="text-lg font-semibold text-stone-900">
        Page views, last 30 days
      </h2>
      <div className="mt-2">
        {views.isPending ? (
          <Skeleton className="h-64" />
        ) : views.error ? (
          <Retry
            title="We could not load the page views."
            error={views.error}
            onRetry={() => void views.refetch()}
          />
        ) : views.data.every((d) => d.views === 0) ? (
          <p className="text-sm text-stone-600">No page views recorded in the last 30 days.</p>
        ) : (
          <PageViewsChart data={views.data} />
        )}
      </div>
    </section>
  )
}

/** The back office's first page (issue 13, item 2; docs/product/README.md §5). */
export function Dashboard() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">Admin Dashboard</h1>
      <Counts />
      <div className="grid gap-6 xl:grid-cols-2">
        <LatestEnquiries />
        <PageViews />
      </div>
    </div>
  )
}
