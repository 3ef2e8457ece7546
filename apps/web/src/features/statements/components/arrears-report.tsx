import { ARREARS_BUCKETS } from '@genesis/contracts/billing'
import { toCsv } from '@genesis/contracts/csv'
import { formatRand } from '@genesis/contracts/tenant-portal'
import { DownloadIcon } from 'lucide-react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table'
import { type ArrearsRow, useArrears } from '../api/admin-statements'

const sum = (rows: ArrearsRow[], key: keyof ArrearsRow) => rows.reduce((s, r) => s + Number(r[key]), 0)

/** The ageing as a CSV file (amounts as plain numbers, for a spreadsheet). */
export function arrearsCsv(rows: ArrearsRow[]): string {
  const header = ['Shop', 'Tenant', ...ARREARS_BUCKETS.map((b) => b.label), 'Total']
  const line = (r: ArrearsRow) => [
    r.shop_no ?? '',
    r.company_name,
    ...ARREARS_BUCKETS.map((b) => r[b.key].toFixed(2)),
    r.total.toFixed(2),
  ]
  const totals = [
    '',
    'Total',
    ...ARREARS_BUCKETS.map((b) => sum(rows, b.key).toFixed(2)),
    sum(rows, 'total').toFixed(2),
  ]
  return toCsv([header, ...rows.map(line), totals], { bom: true })
}

function download(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = `arrears-ageing-${new Date().toISOString().slice(0, 10)}.csv`
  document.body.append(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(url)
}

/**
 * Arrears ageing (both kinds of statement): per tenant, what is still owed on statements past
 * their due date, by how many days overdue, with totals, exportable as CSV.
 */
export function ArrearsReport() {
  const arrears = useArrears()
  const rows = arrears.data ?? []
  return (
    <section aria-labelledby="arrears-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="arrears-title" className="text-lg font-semibold text-stone-900">
            Arrears ageing
          </h2>
          <p className="text-sm text-stone-700">
            Rental and utility balances past their due date, per tenant.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length === 0}
          onClick={() => download(arrearsCsv(rows))}
        >
          <DownloadIcon className="size-4" aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      {arrears.error ? (
        <Alert
          variant="error"
          title="We could not load the arrears."
          action={
            <Button variant="outline" size="sm" onClick={() => void arrears.refetch()}>
              Try again
            </Button>
          }
        >
          {arrears.error.message}
        </Alert>
      ) : (
        <div className="rounded-xl border border-stone-200 bg-white">
          <Table label="Arrears per tenant" aria-busy={arrears.isPending}>
            <TableHeader>
              <TableRow>
                <TableHead>Tenant</TableHead>
                {ARREARS_BUCKETS.map((b) => (
                  <TableHead key={b.key} className="text-right">
                    {b.label}
                  </TableHead>
                ))}
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {arrears.isPending ? (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Skeleton className="h-4 w-full" />
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableEmpty colSpan={6}>No tenant is in arrears.</TableEmpty>
              ) : (
                rows.map((r) => (
                  <TableRow key={r.tenant_id}>
                    <TableCell>
                      <span className="font-medium text-stone-900">{r.company_name}</span>
                      {r.shop_no && <span className="block text-xs text-stone-600">Shop {r.shop_no}</span>}
                    </TableCell>
                    {ARREARS_BUCKETS.map((b) => (
                      <TableCell key={b.key} className="text-right whitespace-nowrap tabular-nums">
                        {r[b.key] ? formatRand(r[b.key]) : '—'}
                      </TableCell>
                    ))}
                    <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                      {formatRand(r.total)}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
            {rows.length > 0 && (
              <TableFooter>
                <tr>
                  <th scope="row" className="px-3 py-2 text-left">
                    Total
                  </th>
                  {ARREARS_BUCKETS.map((b) => (
                    <td key={b.key} className="px-3 py-2 text-right tabular-nums">
                      {formatRand(sum(rows, b.key))}
                    </td>
                  ))}
                  <td className="px-3 py-2 text-right tabular-nums">{formatRand(sum(rows, 'total'))}</td>
                </tr>
              </TableFooter>
            )}
          </Table>
        </div>
      )}
    </section>
  )
}
