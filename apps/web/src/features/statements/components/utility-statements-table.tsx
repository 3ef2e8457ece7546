import {
  formatDay,
  formatPeriod,
  formatQuantity,
  formatRand,
  statementFileName,
} from '@genesis/contracts/tenant-portal'
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
import type { UtilityStatement } from '../api/get-utility-statements'
import { DownloadStatementButton } from './download-statement-button'
import { StatementStatusBadge } from './statement-status-badge'
import { StatementsError, StatementsLoading } from './statements-state'

/** 'previous → current' meter readings, or a dash when not read. */
function readings(previous: number | null, current: number | null) {
  if (previous === null && current === null) return '—'
  return `${formatQuantity(previous)} → ${formatQuantity(current)}`
}

/**
 * The tenant's utility statements: per period the electricity and water meter readings, the
 * consumption and its cost, other charges, the total, status, due date and the PDF.
 */
export function UtilityStatementsTable({
  statements,
  isPending,
  error,
  onRetry,
  shopNo,
  actions,
}: {
  statements: UtilityStatement[] | undefined
  isPending: boolean
  error: Error | null
  onRetry: () => void
  shopNo: string | null
  actions?: (statement: UtilityStatement) => ReactNode
}) {
  if (isPending) return <StatementsLoading label="Loading utility statements" />
  if (error)
    return (
      <StatementsError title="We could not load your utility statements." error={error} onRetry={onRetry} />
    )
  const columns = actions ? 9 : 8
  return (
    <Table label="Utility statements">
      <TableHeader>
        <TableRow>
          <TableHead>Period</TableHead>
          <TableHead>Electricity</TableHead>
          <TableHead>Water</TableHead>
          <TableHead className="text-right">Other</TableHead>
          <TableHead className="text-right">Total</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Due date</TableHead>
          <TableHead>Statement</TableHead>
          {actions && <TableHead>Payment</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {!statements || statements.length === 0 ? (
          <TableEmpty colSpan={columns}>No utility statements have been issued to you yet.</TableEmpty>
        ) : (
          statements.map((s) => (
            <TableRow key={s.id}>
              <th
                scope="row"
                className="px-3 py-3 text-left align-middle text-sm font-semibold whitespace-nowrap text-stone-900"
              >
                {formatPeriod(s.period)}
              </th>
              <TableCell className="whitespace-nowrap">
                <span className="block tabular-nums">{formatQuantity(s.electricity_kwh, 'kWh')}</span>
                <span className="block text-xs text-stone-600">
                  <span className="sr-only">Meter </span>
                  {readings(s.electricity_meter_previous, s.electricity_meter_current)}
                </span>
                <span className="block tabular-nums">{formatRand(s.electricity_amount)}</span>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <span className="block tabular-nums">{formatQuantity(s.water_kl, 'kl')}</span>
                <span className="block text-xs text-stone-600">
                  <span className="sr-only">Meter </span>
                  {readings(s.water_meter_previous, s.water_meter_current)}
                </span>
                <span className="block tabular-nums">{formatRand(s.water_amount)}</span>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatRand(s.other_amount)}
              </TableCell>
              <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                {formatRand(s.total_amount)}
              </TableCell>
              <TableCell>
                <StatementStatusBadge status={s.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDay(s.due_date)}</TableCell>
              <TableCell>
                <DownloadStatementButton
                  path={s.file_path}
                  fileName={statementFileName('utility', shopNo, s.period)}
                  label={`${formatPeriod(s.period)} utility statement`}
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
