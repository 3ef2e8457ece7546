import { balanceDue, formatDay, formatRand } from '@genesis/contracts/tenant-portal'
import { WalletIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import type { RentalStatement } from '../api/get-rental-statements'
import { StatementsError } from './statements-state'

/** What the tenant still owes on issued rental statements, and by when (product.md §4). */
export function BalanceDueCard({
  statements,
  isPending,
  error,
  onRetry,
}: {
  statements: RentalStatement[] | undefined
  isPending: boolean
  error: Error | null
  onRetry: () => void
}) {
  const balance = statements ? balanceDue(statements) : null
  return (
    <Card role="region" aria-labelledby="balance-due-title">
      <CardHeader>
        <CardTitle id="balance-due-title" className="flex items-center gap-2">
          <WalletIcon className="size-5 text-brand-700" aria-hidden="true" />
          Balance due
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          // The loaded amount's and due line's exact heights, so the cards below do not move.
          <div role="status" aria-busy="true" aria-label="Loading your balance">
            <Skeleton className="h-9 w-40" />
            <Skeleton className="mt-2 h-5 w-52" />
          </div>
        ) : error ? (
          <StatementsError title="We could not load your balance." error={error} onRetry={onRetry} />
        ) : balance && balance.amount > 0 ? (
          <>
            <p
              className="text-3xl font-bold tracking-tight text-stone-900 tabular-nums"
              data-testid="balance-due"
            >
              {formatRand(balance.amount)}
            </p>
            <p className="mt-2 text-sm text-stone-700">
              Next due date: <span className="font-semibold">{formatDay(balance.nextDueDate)}</span>
            </p>
          </>
        ) : (
          <>
            <p
              className="text-3xl font-bold tracking-tight text-stone-900 tabular-nums"
              data-testid="balance-due"
            >
              {formatRand(0)}
            </p>
            <p className="mt-2 text-sm text-stone-700">You are all paid up. Thank you.</p>
          </>
        )}
      </CardContent>
    </Card>
  )
}
