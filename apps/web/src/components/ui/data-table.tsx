import { type ColumnDef, flexRender, tableFeatures, useTable } from '@tanstack/react-table'
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react'
import { type ReactNode, useMemo } from 'react'
import type { SortDir } from '../../lib/use-list-params'
import { Alert } from './alert'
import { Button } from './button'
import { Skeleton } from './skeleton'
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from './table'

export interface DataColumn<T extends object> {
  id: string
  header: string
  cell: (row: T) => ReactNode
  /** Server-side sort key; the header becomes a sort button. */
  sortable?: boolean
  className?: string
}

const features = tableFeatures({})

/**
 * The back office's list table: the page of rows the server returned (sorted and ranged by the
 * server), sortable headers (`aria-sort`), skeleton rows while loading, an error with a retry, an
 * empty message, and the pager with the exact total. The state lives in the URL
 * (`lib/use-list-params.ts`); this component only shows it.
 */
export function DataTable<T extends object>({
  label,
  columns,
  rows,
  rowKey,
  total,
  isPending,
  error,
  onRetry,
  empty,
  sort,
  dir,
  onSort,
  page,
  pageSize,
  onPage,
}: {
  label: string
  columns: DataColumn<T>[]
  rows: T[] | undefined
  rowKey: (row: T) => string
  total: number | undefined
  isPending: boolean
  error: Error | null
  onRetry: () => void
  empty: ReactNode
  sort: string
  dir: SortDir
  onSort: (column: string) => void
  page: number
  pageSize: number
  onPage: (page: number) => void
}) {
  const defs = useMemo(
    (): ColumnDef<typeof features, T>[] =>
      columns.map((c) => ({ id: c.id, header: c.header, cell: (info) => c.cell(info.row.original) })),
    [columns],
  )
  const data = useMemo(() => rows ?? [], [rows])
  const table = useTable({ features, columns: defs, data, getRowId: (row) => rowKey(row) })
  const byId = new Map(columns.map((c) => [c.id, c]))

  if (error) {
    return (
      <Alert
        variant="error"
        title={`We could not load the ${label.toLowerCase()}.`}
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

  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = total === undefined ? 0 : Math.min(total, page * pageSize)

  return (
    <div className="space-y-3">
      <div className="rounded-xl border border-stone-200 bg-white">
        <Table label={label} aria-busy={isPending}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const col = byId.get(header.column.id)
                  const active = col?.sortable && sort === col.id
                  return (
                    <TableHead
                      key={header.id}
                      className={col?.className}
                      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {col?.sortable ? (
                        <button
                          type="button"
                          onClick={() => onSort(col.id)}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-700"
                        >
                          {col.header}
                          {active ? (
                            dir === 'asc' ? (
                              <ArrowUpIcon className="size-3.5" aria-hidden="true" />
                            ) : (
                              <ArrowDownIcon className="size-3.5" aria-hidden="true" />
                            )
                          ) : (
                            <ArrowUpDownIcon className="size-3.5 opacity-50" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </TableHead>
                  )
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {isPending && !rows ? (
              Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <TableRow key={i}>
                  {columns.map((c) => (
                    <TableCell key={c.id}>
                      <Skeleton className="h-4 w-full max-w-40" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : table.getRowModel().rows.length === 0 ? (
              <TableEmpty colSpan={columns.length}>{empty}</TableEmpty>
            ) : (
              table.getRowModel().rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <TableCell key={cell.id} className={byId.get(cell.column.id)?.className}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <nav
        aria-label={`${label} pages`}
        className="flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <p className="text-stone-700" aria-live="polite">
          {isPending && total === undefined ? (
            <span className="sr-only">Loading…</span>
          ) : (
            <>
              Showing {first}–{last} of {total ?? 0}
            </>
          )}
        </p>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-stone-700">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      </nav>
    </div>
  )
}
