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
import { cn } from '../../../lib/cn'
import type { RentalStatement } from '../api/get-rental-statements'
import type { UtilityStatement } from '../api/get-utility-statements'
import { DownloadStatementButton } from './download-statement-button'
import { StatementStatusBadge } from './statement-status-badge'
import { StatementsError, StatementsLoading } from './statements-state'

interface Statement {
  id: string
  period: string
  status: string
  due_date: string | null
  file_path: string | null
}

/** The columns one kind of statement shows between its period and its status. */
interface AmountColumn<S> {
  header: string
  /** Right-aligned figures. */
  numeric?: boolean
  strong?: boolean
  cell: (statement: S) => ReactNode
}

interface StatementsTableProps<S> {
  statements: S[] | undefined
  isPending: boolean
  error: Error | null
  onRetry: () => void
  shopNo: string | null
  /** What can be done about a statement (the Payment column), when the caller offers it. */
  actions?: (statement: S) => ReactNode
}

const NUMBER = 'text-right whitespace-nowrap tabular-nums'

/**
 * A tenant's statements of one kind: the period, the kind's amounts, status, due date, the PDF and
 * (from the caller) what can be done about an unpaid one; with the loading, error and empty states.
 */
function StatementsTable<S extends Statement>({
  kind,
  columns,
  statements,
  isPending,
  error,
  onRetry,
  shopNo,
  actions,
}: StatementsTableProps<S> & { kind: 'rental' | 'utility'; columns: AmountColumn<S>[] }) {
  if (isPending) return <StatementsLoading label={`Loading ${kind} statements`} />
  if (error)
    return (
      <StatementsError title={`We could not load your ${kind} statements.`} error={error} onRetry={onRetry} />
    )
  return (
    <Table label={kind === 'rental' ? 'Rental statements' : 'Utility statements'}>
      <TableHeader>
        <TableRow>
          <TableHead>Period</TableHead>
          {columns.map((c) => (
            <TableHead key={c.header} className={c.numeric ? 'text-right' : undefined}>
              {c.header}
            </TableHead>
          ))}
          <TableHead>Status</TableHead>
          <TableHead>Due date</TableHead>
          <TableHead>Statement</TableHead>
          {actions && <TableHead>Payment</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {!statements || statements.length === 0 ? (
          <TableEmpty colSpan={columns.length + (actions ? 5 : 4)}>
            No {kind} statements have been issued to you yet.
          </TableEmpty>
        ) : (
          statements.map((s) => (
            <TableRow key={s.id}>
              <th
                scope="row"
                className="px-3 py-3 text-left align-middle text-sm font-semibold whitespace-nowrap text-stone-900"
              >
                {formatPeriod(s.period)}
              </th>
              {columns.map((c) => (
                <TableCell
                  key={c.header}
                  className={cn(c.numeric ? NUMBER : 'whitespace-nowrap', c.strong && 'font-semibold')}
                >
                  {c.cell(s)}
                </TableCell>
              ))}
              <TableCell>
                <StatementStatusBadge status={s.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDay(s.due_date)}</TableCell>
              <TableCell>
                <DownloadStatementButton
                  path={s.file_path}
                  fileName={statementFileName(kind, shopNo, s.period)}
                  label={`${formatPeriod(s.period)} ${kind} statement`}
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

const RENTAL_COLUMNS: AmountColumn<RentalStatement>[] = [
  { header: 'Amount due', numeric: true, cell: (s) => formatRand(s.amount_due) },
  { header: 'Paid', numeric: true, cell: (s) => formatRand(s.amount_paid) },
]

/** The tenant's rental statements. */
export function RentalStatementsTable(props: StatementsTableProps<RentalStatement>) {
  return <StatementsTable kind="rental" columns={RENTAL_COLUMNS} {...props} />
}

/** A meter's consumption, its readings ('previous → current', a dash when not read) and its cost. */
function Meter(props: { used: string; previous: number | null; current: number | null; cost: string }) {
  const { previous, current } = props
  return (
    <>
      <span className="block tabular-nums">{props.used}</span>
      <span className="block text-xs text-stone-600">
        <span className="sr-only">Meter </span>
        {previous === null && current === null
          ? '—'
          : `${formatQuantity(previous)} → ${formatQuantity(current)}`}
      </span>
      <span className="block tabular-nums">{props.cost}</span>
    </>
  )
}

const UTILITY_COLUMNS: AmountColumn<UtilityStatement>[] = [
  {
    header: 'Electricity',
    cell: (s) => (
      <Meter
        used={formatQuantity(s.electricity_kwh, 'kWh')}
        previous={s.electricity_meter_previous}
        current={s.electricity_meter_current}
        cost={formatRand(s.electricity_amount)}
      />
    ),
  },
  {
    header: 'Water',
    cell: (s) => (
      <Meter
        used={formatQuantity(s.water_kl, 'kl')}
        previous={s.water_meter_previous}
        current={s.water_meter_current}
        cost={formatRand(s.water_amount)}
      />
    ),
  },
  { header: 'Other', numeric: true, cell: (s) => formatRand(s.other_amount) },
  { header: 'Total', numeric: true, strong: true, cell: (s) => formatRand(s.total_amount) },
]

/** The tenant's utility statements: per period the electricity and water meters, other charges and the total. */
export function UtilityStatementsTable(props: StatementsTableProps<UtilityStatement>) {
  return <StatementsTable kind="utility" columns={UTILITY_COLUMNS} {...props} />
}
