import { formatDay, formatPeriod, formatRand, statementFileName } from '@genesis/contracts/tenant-portal'
import type { ReactNode } from 'react'
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table'
import type { RentalStatement } from '../api/get-rental-statements'
import { DownloadStatementButton } from './download-statement-button'
import { StatementStatusBadge } from './statement-status-badge'
import { StatementsError, StatementsLoading } from './statements-state'

/**
 * The tenant's rental statements: period, amounts, status, due date, the PDF, and (from the
 * caller) what can be done about an unpaid one.
 */
export function RentalStatementsTable({
  statements,
  isPending,
  error,
  onRetry,
  shopNo,
  actions,
}: {
  statements: RentalStatement[] | undefined
  isPending: boolean
  error: Error | null
  onRetry: () => void
  shopNo: string | null
  actions?: (statement: RentalStatement) => ReactNode
}) {
  if (isPending) return <StatementsLoading label="Loading rental statements" />
  if (error)
    return (
      <StatementsError title="We could not load your rental statements." error={error} onRetry={onRetry} />
    )
  return (
    <Table label="Rental statements">
      <TableHeader>
        <TableRow>
          <TableHead>Period</TableHead>
          <TableHead className="text-right">Amount due</TableHead>
          <TableHead className="text-right">Paid</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Due date</TableHead>
          <TableHead>Statement</TableHead>
          {actions && <TableHead>Payment</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {!statements || statements.length === 0 ? (
          <TableEmpty colSpan={actions ? 7 : 6}>No rental statements have been issued to you yet.</TableEmpty>
        ) : (
          statements.map((s) => (
            <TableRow key={s.id}>
              <th
                scope="row"
                className="px-3 py-3 text-left align-middle text-sm font-semibold whitespace-nowrap text-stone-900"
              >
                {formatPeriod(s.period)}
              </th>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatRand(s.amount_due)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatRand(s.amount_paid)}
              </TableCell>
              <TableCell>
                <StatementStatusBadge status={s.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDay(s.due_date)}</TableCell>
              <TableCell>
                <DownloadStatementButton
                  path={s.file_path}
                  fileName={statementFileName('rental', shopNo, s.period)}
                  label={`${formatPeriod(s.period)} rental statement`}
                />
              </TableCell>
              {actions && <TableCell>{actions(s)}</TableCell>}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  )
}
