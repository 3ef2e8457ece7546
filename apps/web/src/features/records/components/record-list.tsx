import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog'
import { Button, ButtonLink, buttonClasses } from '../../../components/ui/button'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { ListToolbar } from '../../../components/ui/list-toolbar'
import { notify } from '../../../components/ui/toasts'
import { useListParams } from '../../../lib/use-list-params'
import { useDeleteRecord } from '../api/delete-record'
import { RECORDS_PAGE_SIZE, useRecords } from '../api/list-records'
import type { AnyForm, AnyRow, RecordKind } from '../api/record-kind'

/** Why a write failed, in the record's words when the kind explains it. */
export function failureText(
  kind: Pick<RecordKind<AnyRow, AnyForm>, 'explain'>,
  error: unknown,
  op: 'save' | 'delete',
): string {
  const e = error as { code?: string; message?: string }
  const message = e?.message ?? String(error)
  return kind.explain?.({ code: e?.code, message }, op) ?? message
}

/**
 * The generic back-office list (Shops, Vacant Shops, Tenants): search, sortable columns and pages
 * kept in the URL, a New button, and per row Edit and Delete (with a confirmation naming the
 * record).
 */
export function RecordList<Row extends { id: string; updated_at: string }>({
  kind,
}: {
  kind: RecordKind<Row, AnyForm>
}) {
  const list = useListParams({ sorts: kind.sorts, defaultSort: kind.defaultSort })
  const { params } = list
  const query = useRecords(kind, { q: params.q, sort: params.sort, dir: params.dir, page: params.page })
  const [doomed, setDoomed] = useState<Row | null>(null)
  const remove = useDeleteRecord(kind)

  /** Optimistic: the row leaves the list at once and comes back, with the reason, if refused. */
  async function confirmDelete() {
    if (!doomed) return
    const row = doomed
    setDoomed(null)
    try {
      await remove.mutateAsync(row.id)
      notify.success(`Deleted ${kind.nameOf(row)}`)
    } catch (error) {
      notify.error(`Could not delete ${kind.nameOf(row)}`, {
        description: failureText(kind, error, 'delete'),
      })
    }
  }

  const columns: DataColumn<Row>[] = [
    ...kind.columns,
    {
      id: 'actions',
      header: 'Actions',
      className: 'w-px whitespace-nowrap text-right',
      cell: (row) => (
        <span className="flex justify-end gap-1">
          <Link to={kind.paths.edit(row.id)} className={buttonClasses('ghost', 'sm')}>
            <PencilIcon className="size-4" aria-hidden="true" />
            Edit<span className="sr-only"> {kind.nameOf(row)}</span>
          </Link>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => setDoomed(row)}
          >
            <Trash2Icon className="size-4" aria-hidden="true" />
            Delete<span className="sr-only"> {kind.nameOf(row)}</span>
          </Button>
        </span>
      ),
    },
  ]

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">{kind.plural}</h1>
        <ButtonLink to={kind.paths.create()}>
          <PlusIcon className="size-4" aria-hidden="true" />
          New {kind.singular}
        </ButtonLink>
      </div>
      <ListToolbar label={kind.plural} searchLabel={kind.searchLabel} list={list} />
      <DataTable
        label={kind.plural}
        columns={columns}
        rows={query.data?.rows}
        rowKey={(r) => r.id}
        total={query.data?.total}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          params.q ? (
            <>
              No {kind.plural.toLowerCase()} match “{params.q}”.
            </>
          ) : (
            <>
              No {kind.plural.toLowerCase()} yet.{' '}
              <Link to={kind.paths.create()} className="font-semibold text-brand-800 underline">
                Add the first {kind.singular}
              </Link>
            </>
          )
        }
        sort={params.sort}
        dir={params.dir}
        onSort={list.toggleSort}
        page={params.page}
        pageSize={RECORDS_PAGE_SIZE}
        onPage={list.setPage}
      />
      <AlertDialog open={doomed !== null} onOpenChange={(open) => !open && setDoomed(null)}>
        {doomed && (
          <AlertDialogContent
            title={`Delete ${kind.nameOf(doomed)}?`}
            description={`This removes the ${kind.singular} ${kind.nameOf(doomed)} for good. The audit trail keeps a copy of what it was.`}
            confirmLabel={`Delete ${kind.singular}`}
            destructive
            onConfirm={() => void confirmDelete()}
          />
        )}
      </AlertDialog>
    </div>
  )
}
