import type { UseQueryResult } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { NativeSelect, TextInput } from '../../../components/ui/field'
import { PageViewsChart } from '../../../components/ui/page-views-chart'
import { Skeleton } from '../../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { usePageViews } from '../../../lib/use-page-views'
import {
  isPeriod,
  type MonitoringFilters,
  PERIODS,
  type Period,
  type Rating,
  rate,
  useErrorGroups,
  useSlowResources,
  useTopPages,
  useVitals,
  VITALS,
  type VitalName,
  vitalsByPage,
} from '../api/monitoring-reports'

const n = new Intl.NumberFormat('en-ZA')
const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })
const at = (iso: string) => <time dateTime={iso}>{when.format(new Date(iso))}</time>

/** The filters of the screen, kept in the URL (`?period=7d&page=/stores&q=timeout`). */
function useFilters(): [MonitoringFilters, (changes: Partial<MonitoringFilters>) => void] {
  const [search, setSearch] = useSearchParams()
  const period = search.get('period')
  const filters: MonitoringFilters = {
    period: isPeriod(period) ? period : '7d',
    page: search.get('page') ?? '',
    q: search.get('q') ?? '',
  }
  const update = (changes: Partial<MonitoringFilters>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [k, v] of Object.entries(changes)) {
          if (!v || (k === 'period' && v === '7d')) next.delete(k)
          else next.set(k, v)
        }
        return next
      },
      { replace: true },
    )
  return [filters, update]
}

/**
 * /admin/monitoring (issue 13, item 8): how the public site is used and how it performs, from the
 * monitoring the site itself sends (page views, Web Vitals, errors, slow resources). Every figure
 * is computed by the database for admins only (RLS of the ingestion tables).
 */
export function MonitoringScreen() {
  const [filters, update] = useFilters()
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Monitoring</h1>
        <p className="mt-1 text-sm text-stone-600">
          What visitors open, how fast pages are for them, and what went wrong in their browsers.
        </p>
      </div>
      <FilterBar filters={filters} onChange={update} />
      <PageViewsSection period={filters.period} />
      <div className="grid gap-6 xl:grid-cols-2">
        <TopPagesSection filters={filters} />
        <SlowResourcesSection filters={filters} />
      </div>
      <VitalsSection filters={filters} />
      <ErrorsSection filters={filters} />
    </div>
  )
}

function FilterBar({
  filters,
  onChange,
}: {
  filters: MonitoringFilters
  onChange: (changes: Partial<MonitoringFilters>) => void
}) {
  const periodId = useId()
  const pageId = useId()
  const qId = useId()
  const [page, setPage] = useState(filters.page)
  const [q, setQ] = useState(filters.q)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ page: page.trim(), q: q.trim() })
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Filters"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="w-full sm:w-44">
        <label htmlFor={periodId} className="mb-1 block text-sm font-medium text-stone-800">
          Period
        </label>
        <NativeSelect
          id={periodId}
          value={filters.period}
          onChange={(e) => onChange({ period: e.target.value as Period })}
        >
          {Object.entries(PERIODS).map(([value, p]) => (
            <option key={value} value={value}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="w-full sm:w-56">
        <label htmlFor={pageId} className="mb-1 block text-sm font-medium text-stone-800">
          Page contains
        </label>
        <TextInput id={pageId} value={page} placeholder="/stores" onChange={(e) => setPage(e.target.value)} />
      </div>
      <div className="w-full sm:w-64">
        <label htmlFor={qId} className="mb-1 block text-sm font-medium text-stone-800">
          Error message contains
        </label>
        <TextInput id={qId} value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Apply</Button>
        {(filters.page || filters.q) && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setPage('')
              setQ('')
              onChange({ page: '', q: '' })
            }}
          >
            Clear
          </Button>
        )}
      </div>
    </form>
  )
}

/** A titled report with its loading, error and empty states. */
function Report<T>({
  title,
  description,
  query,
  empty,
  loadingRows = 4,
  children,
}: {
  title: string
  description?: ReactNode
  query: UseQueryResult<T[]>
  empty: string
  loadingRows?: number
  children: (rows: T[]) => ReactNode
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
      <div className="mt-3">
        {query.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {Array.from({ length: loadingRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-8 w-full" />
            ))}
            <span className="sr-only" role="status">
              Loading {title.toLowerCase()}…
            </span>
          </div>
        ) : query.error ? (
          <Alert
            variant="error"
            title={`We could not load ${title.toLowerCase()}.`}
            action={
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          >
            {query.error.message}
          </Alert>
        ) : query.data.length === 0 ? (
          <p className="rounded-lg bg-stone-50 p-4 text-sm text-stone-700" role="status">
            {empty}
          </p>
        ) : (
          children(query.data)
        )}
      </div>
    </section>
  )
}

function PageViewsSection({ period }: { period: Period }) {
  const headingId = useId()
  const views = usePageViews(PERIODS[period].days === 1 ? 2 : PERIODS[period].days)
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        Page views per day
      </h2>
      <div className="mt-3">
        {views.isPending ? (
          <div aria-busy="true">
            <Skeleton className="h-64 w-full" />
            <span className="sr-only" role="status">
              Loading page views…
            </span>
          </div>
        ) : views.error ? (
          <Alert
            variant="error"
            title="We could not load the page views."
            action={
              <Button variant="outline" size="sm" onClick={() => void views.refetch()}>
                Try again
              </Button>
            }
          >
            {views.error.message}
          </Alert>
        ) : (
          <PageViewsChart data={views.data} />
        )}
      </div>
    </section>
  )
}

function TopPagesSection({ filters }: { filters: MonitoringFilters }) {
  const query = useTopPages(filters)
  return (
    <Report title="Top pages" query={query} empty="No page views in this period.">
      {(rows) => (
        <Table label="Top pages table">
          <TableHeader>
            <TableRow>
              <TableHead>Page</TableHead>
              <TableHead className="text-right">Views</TableHead>
              <TableHead className="text-right">Visits</TableHead>
              <TableHead>Last viewed</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.path}>
                <TableCell className="min-w-32 break-all font-medium">{r.path}</TableCell>
                <TableCell className="text-right tabular-nums">{n.format(r.views)}</TableCell>
                <TableCell className="text-right tabular-nums">{n.format(r.sessions)}</TableCell>
                <TableCell className="whitespace-nowrap">{at(r.last_viewed)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Report>
  )
}

function SlowResourcesSection({ filters }: { filters: MonitoringFilters }) {
  const query = useSlowResources(filters)
  return (
    <Report
      title="Slow resources"
      description="Files and requests that took a second or more to load."
      query={query}
      empty="No resource took a second or more in this period."
    >
      {(rows) => (
        <Table label="Slow resources table">
          <TableHeader>
            <TableRow>
              <TableHead>Resource</TableHead>
              <TableHead className="text-right">Times</TableHead>
              <TableHead className="text-right">Typical (p75)</TableHead>
              <TableHead className="text-right">Worst</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.resource}>
                <TableCell className="min-w-40 break-all">{r.resource}</TableCell>
                <TableCell className="text-right tabular-nums">{n.format(r.occurrences)}</TableCell>
                <TableCell className="text-right tabular-nums">{ms(r.p75_ms)}</TableCell>
                <TableCell className="text-right tabular-nums">{ms(r.worst_ms)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Report>
  )
}

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`)
const formatVital = (metric: VitalName, v: number) => (metric === 'cls' ? v.toFixed(3) : ms(v))

const RATING: Record<Rating, { label: string; variant: 'success' | 'warning' | 'danger' }> = {
  good: { label: 'Good', variant: 'success' },
  'needs-improvement': { label: 'Needs improvement', variant: 'warning' },
  poor: { label: 'Poor', variant: 'danger' },
}

function VitalsSection({ filters }: { filters: MonitoringFilters }) {
  const query = useVitals(filters)
  const metrics = Object.keys(VITALS) as VitalName[]
  return (
    <Report
      title="Web Vitals per page"
      description={
        <>
          The 75th percentile of what visitors measured: three in four page loads were at least this fast.
          LCP: largest content shown; INP: the slowest response to a tap, click or key press in a visit to the
          page (pages nobody touched have none); CLS: how much the layout moved; FCP: first content shown;
          TTFB: first byte from the server.
        </>
      }
      query={query}
      empty="No measurements in this period."
    >
      {(rows) => (
        <Table label="Web Vitals table">
          <TableHeader>
            <TableRow>
              <TableHead>Page</TableHead>
              {metrics.map((m) => (
                <TableHead key={m} className="text-right">
                  {VITALS[m].label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {vitalsByPage(rows).map(({ path, values }) => (
              <TableRow key={path}>
                <TableCell className="min-w-32 break-all font-medium">{path}</TableCell>
                {metrics.map((m) => {
                  const v = values[m]
                  if (!v) {
                    return (
                      <TableCell key={m} className="text-right text-stone-500">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">not measured</span>
                      </TableCell>
                    )
                  }
                  const rating = RATING[rate(m, v.p75)]
                  return (
                    <TableCell key={m} className="text-right whitespace-nowrap">
                      <span className="block tabular-nums">{formatVital(m, v.p75)}</span>
                      <Badge variant={rating.variant} className="mt-1">
                        {rating.label}
                      </Badge>
                      <span className="sr-only">, {n.format(v.samples)} samples</span>
                    </TableCell>
                  )
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Report>
  )
}

function ErrorsSection({ filters }: { filters: MonitoringFilters }) {
  const query = useErrorGroups(filters)
  return (
    <Report
      title="Errors"
      description="Errors in visitors' browsers, grouped by message, most recent first."
      query={query}
      empty={
        filters.q || filters.page
          ? 'No error matches these filters in this period.'
          : 'No errors in this period.'
      }
    >
      {(groups) => (
        <ul className="divide-y divide-stone-100">
          {groups.map((g) => (
            <li key={g.message} className="py-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 break-words font-mono text-sm font-semibold text-stone-900">
                  {g.message}
                </p>
                <Badge variant="danger">{n.format(g.occurrences)}×</Badge>
              </div>
              <p className="mt-1 text-xs text-stone-600">
                On {n.format(g.pages)} {g.pages === 1 ? 'page' : 'pages'} · first seen {at(g.first_seen)} ·
                last seen {at(g.last_seen)}
                {g.sample_url ? ` · e.g. ${g.sample_url}` : ''}
              </p>
              {g.sample_stack && (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-brand-800">
                    Sample stack
                  </summary>
                  <pre className="mt-2 rounded-lg bg-stone-900 p-3 text-xs break-words whitespace-pre-wrap text-stone-100">
                    {g.sample_stack}
                  </pre>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </Report>
  )
}
