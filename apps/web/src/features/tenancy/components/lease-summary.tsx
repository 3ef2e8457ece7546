import { formatDay, formatRand, leaseCountdown } from '@genesis/contracts/tenant-portal'
import { CalendarClockIcon } from 'lucide-react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import type { Tenancy } from '../api/get-my-tenancy'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The lease at a glance (issue 12): start, end, monthly rental, escalation and notice period, and
 * the days left, with a warning inside the last 90 days.
 */
export function LeaseSummary({
  tenancy,
  isPending,
  error,
  onRetry,
  today = new Date(),
}: {
  tenancy: Tenancy | null | undefined
  isPending: boolean
  error: Error | null
  onRetry: () => void
  today?: Date
}) {
  return (
    <Card role="region" aria-labelledby="lease-summary-title">
      <CardHeader>
        <CardTitle id="lease-summary-title">Lease summary</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <LeaseFactsLoading />
        ) : error ? (
          <Alert
            variant="error"
            title="We could not load your lease."
            action={
              <Button variant="outline" size="sm" onClick={onRetry}>
                Try again
              </Button>
            }
          >
            {error.message}
          </Alert>
        ) : !tenancy || (!tenancy.lease_start && !tenancy.lease_end) ? (
          <p className="text-sm text-stone-600">No lease details are on record yet.</p>
        ) : (
          <LeaseFacts tenancy={tenancy} today={today} />
        )}
      </CardContent>
    </Card>
  )
}

function LeaseFacts({ tenancy, today }: { tenancy: Tenancy; today: Date }) {
  const countdown = leaseCountdown(tenancy.lease_end, today)
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact label="Start">{formatDay(tenancy.lease_start)}</Fact>
        <Fact label="End">{formatDay(tenancy.lease_end)}</Fact>
        <Fact label="Monthly rental">{formatRand(tenancy.monthly_rental)}</Fact>
        <Fact label="Annual escalation">
          {tenancy.escalation_percent === null ? '—' : `${tenancy.escalation_percent.toFixed(2)} %`}
        </Fact>
        <Fact label="Notice period">
          {tenancy.notice_period_months === null
            ? '—'
            : plural(tenancy.notice_period_months, 'month', 'months')}
        </Fact>
        <Fact label="Deposit">{formatRand(tenancy.deposit)}</Fact>
      </dl>
      {countdown && (
        <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <CalendarClockIcon className="size-5 text-stone-500" aria-hidden="true" />
          {countdown.state === 'ended' ? (
            <Badge variant="danger">Lease ended {plural(-countdown.daysLeft, 'day', 'days')} ago</Badge>
          ) : (
            <Badge variant={countdown.state === 'warning' ? 'warning' : 'secondary'}>
              {plural(countdown.daysLeft, 'day', 'days')} to lease expiry
            </Badge>
          )}
        </div>
      )}
      {countdown?.state === 'warning' && (
        <Alert variant="warning" className="mt-3" title="Your lease ends within 90 days.">
          Please contact the centre management about renewing it.
        </Alert>
      )}
    </>
  )
}

const FACT_LABELS = ['Start', 'End', 'Monthly rental', 'Annual escalation', 'Notice period', 'Deposit']

/**
 * The facts' own grid with their labels and a grey bar for each value, and room for the expiry
 * line, so the card keeps its size when the lease arrives and nothing below it moves.
 */
function LeaseFactsLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading your lease">
      <div aria-hidden="true">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {FACT_LABELS.map((label) => (
            <Fact key={label} label={label}>
              <Skeleton className="h-5 w-24" />
            </Fact>
          ))}
        </dl>
      </div>
      <Skeleton className="mt-4 h-6 w-40" />
    </div>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-stone-100 pb-2 sm:block sm:border-0 sm:pb-0">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-semibold text-stone-900">{children}</dd>
    </div>
  )
}
