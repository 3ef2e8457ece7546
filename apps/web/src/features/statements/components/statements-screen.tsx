import { type StatementKind, VAT_RATE } from '@genesis/contracts/billing'
import {
  formatDay,
  formatPeriod,
  formatRand,
  STATEMENT_STATUS_LABELS,
  STATEMENT_STATUSES,
  statementFileName,
} from '@genesis/contracts/tenant-portal'
import {
  AlarmClockIcon,
  BanknoteIcon,
  FilePlus2Icon,
  PencilIcon,
  SendIcon,
  Trash2Icon,
  UploadIcon,
} from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog'
import { Button } from '../../../components/ui/button'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { Field, NativeSelect, TextInput } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toasts'
import { useListParams } from '../../../lib/use-list-params'
import {
  messageOf,
  STATEMENT_KIND_INFO,
  STATEMENT_SORTS,
  STATEMENTS_PAGE_SIZE,
  type StatementRow,
  useDeleteStatement,
  useIssueStatements,
  useMarkOverdue,
  useStatements,
  useStatementTotals,
  useTenantOptions,
} from '../api/admin-statements'
import { ArrearsReport } from './arrears-report'
import { BulkUpload } from './bulk-upload'
import { DownloadStatementButton } from './download-statement-button'
import { PaymentDialog } from './payment-dialog'
import { StatementEditor } from './statement-editor'
import { StatementStatusBadge } from './statement-status-badge'

const UNPAID = ['issued', 'overdue', 'payment_submitted']
const nameOf = (s: StatementRow) => `${formatPeriod(s.period)} ${s.kind} statement of ${s.company_name}`

/**
 * The back office's rental and utility statements (issue 14): one screen for both kinds. A list
 * filtered by tenant, month and status with totals at its foot; create and edit drafts; issue one
 * or many; record payments beside the tenant's proofs; mark overdue; bulk-upload PDFs; and the
 * arrears ageing. Filters and the open editor live in the URL.
 */
export function StatementsScreen({ kind }: { kind: StatementKind }) {
  const info = STATEMENT_KIND_INFO[kind]
  const list = useListParams({
    sorts: STATEMENT_SORTS,
    defaultSort: 'period',
    defaultDir: 'desc',
    filters: ['tenant', 'period', 'status'] as const,
  })
  const { params } = list
  const filters = {
    tenant: params.filters.tenant,
    period: params.filters.period,
    status: params.filters.status,
  }
  const query = useStatements(kind, { ...filters, sort: params.sort, dir: params.dir, page: params.page })
  const totals = useStatementTotals(kind, filters)
  const tenants = useTenantOptions()
  const issue = useIssueStatements(kind)
  const remove = useDeleteStatement(kind)
  const overdue = useMarkOverdue()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [paying, setPaying] = useState<StatementRow | null>(null)
  const [doomed, setDoomed] = useState<StatementRow | null>(null)
  const [bulk, setBulk] = useState(false)
  // The open editor is in the URL too (`?edit=new` or `?edit=<id>`), without leaving the page.
  const [search, setSearch] = useSearchParams()
  const editing = search.get('edit') ?? ''
  const setEditing = (value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev)
      if (value) next.set('edit', value)
      else next.delete('edit')
      return next
    })

  const drafts = (query.data?.rows ?? []).filter((s) => s.status === 'draft')
  const selectedDrafts = drafts.filter((s) => selected.has(s.id))

  async function issueNow(rows: StatementRow[]) {
    try {
      const n = await issue.mutateAsync(rows.map((r) => r.id))
      notify.success(n === 1 ? `Issued the ${nameOf(rows[0])}` : `Issued ${n} statements`, {
        description: 'The tenants are e-mailed and see them in their portal.',
      })
      setSelected(new Set())
    } catch (error) {
      notify.error('Could not issue', { description: messageOf(error) })
    }
  }

  async function markOverdue() {
    try {
      const n = await overdue.mutateAsync()
      notify.success(n === 0 ? 'No statement is past its due date' : `Marked ${n} statements overdue`)
    } catch (error) {
      notify.error('Could not mark overdue', { description: messageOf(error) })
    }
  }

  async function confirmDelete() {
    if (!doomed) return
    try {
      await remove.mutateAsync(doomed.id)
      notify.success(`Deleted the draft ${nameOf(doomed)}`)
    } catch (error) {
      notify.error('Could not delete', { description: messageOf(error) })
    }
    setDoomed(null)
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const columns: DataColumn<StatementRow>[] = [
    {
      id: 'select',
      header: 'Select',
      className: 'w-px',
      cell: (s) =>
        s.status === 'draft' ? (
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={selected.has(s.id)}
            onChange={(e) => toggle(s.id, e.target.checked)}
            aria-label={`Select the draft ${nameOf(s)}`}
          />
        ) : null,
    },
    {
      id: 'period',
      header: 'Month',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (s) => formatPeriod(s.period),
    },
    {
      id: 'company_name',
      header: 'Tenant',
      sortable: true,
      cell: (s) => (
        <span className="block min-w-36">
          <span className="block font-medium text-stone-900">{s.company_name}</span>
          {s.shop_no && <span className="block text-xs text-stone-600">Shop {s.shop_no}</span>}
        </span>
      ),
    },
    {
      id: 'due_date',
      header: 'Due',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (s) => formatDay(s.due_date),
    },
    {
      id: 'total',
      header: 'Total',
      sortable: true,
      className: 'text-right whitespace-nowrap tabular-nums',
      cell: (s) => (
        <span>
          {formatRand(s.total)}
          <span className="block text-xs text-stone-600">incl. VAT {formatRand(s.vat_amount)}</span>
        </span>
      ),
    },
    {
      id: 'balance',
      header: 'Balance',
      sortable: true,
      className: 'text-right whitespace-nowrap tabular-nums',
      cell: (s) => (
        <span>
          {formatRand(s.balance)}
          {s.amount_paid > 0 && (
            <span className="block text-xs text-stone-600">paid {formatRand(s.amount_paid)}</span>
          )}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (s) => (
        <span className="block min-w-28">
          <StatementStatusBadge status={s.display_status} />
          {s.days_overdue > 0 && (
            <span className="mt-1 block text-xs text-red-800">{s.days_overdue} days overdue</span>
          )}
          {s.proof_count > 0 && (
            <span className="mt-1 block text-xs text-stone-700">
              {s.proof_count === 1 ? '1 proof of payment' : `${s.proof_count} proofs of payment`}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'pdf',
      header: 'PDF',
      cell: (s) =>
        s.file_path ? (
          <span className="block">
            <DownloadStatementButton
              path={s.file_path}
              fileName={statementFileName(s.kind, s.shop_no, s.period)}
              label={nameOf(s)}
            />
            {s.file_generated && <span className="block text-xs text-stone-600">generated</span>}
          </span>
        ) : (
          <span className="text-sm whitespace-nowrap text-stone-600">
            {s.status === 'draft' ? 'None yet' : 'Being generated'}
          </span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      className: 'w-px whitespace-nowrap text-right',
      cell: (s) => (
        <span className="flex justify-end gap-1">
          {s.status === 'draft' && (
            <>
              <Button variant="ghost" size="sm" onClick={() => setEditing(s.id)}>
                <PencilIcon className="size-4" aria-hidden="true" />
                Edit<span className="sr-only"> the {nameOf(s)}</span>
              </Button>
              <Button variant="ghost" size="sm" disabled={issue.isPending} onClick={() => void issueNow([s])}>
                <SendIcon className="size-4" aria-hidden="true" />
                Issue<span className="sr-only"> the {nameOf(s)}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => setDoomed(s)}
              >
                <Trash2Icon className="size-4" aria-hidden="true" />
                Delete<span className="sr-only"> the {nameOf(s)}</span>
              </Button>
            </>
          )}
          {UNPAID.includes(s.status) && (
            <Button variant="outline" size="sm" onClick={() => setPaying(s)}>
              <BanknoteIcon className="size-4" aria-hidden="true" />
              Record payment<span className="sr-only"> for the {nameOf(s)}</span>
            </Button>
          )}
        </span>
      ),
    },
  ]

  const filtered = Boolean(filters.tenant || filters.period || filters.status)
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">{info.title}</h1>
          <p className="text-sm text-stone-700">Amounts include VAT at {VAT_RATE * 100} %.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={overdue.isPending} onClick={() => void markOverdue()}>
            <AlarmClockIcon className="size-4" aria-hidden="true" />
            Mark overdue
          </Button>
          <Button variant="outline" onClick={() => setBulk(true)}>
            <UploadIcon className="size-4" aria-hidden="true" />
            Bulk upload PDFs
          </Button>
          <Button onClick={() => setEditing('new')}>
            <FilePlus2Icon className="size-4" aria-hidden="true" />
            New {info.singular}
          </Button>
        </div>
      </div>
      <search aria-label={`Filter ${info.title.toLowerCase()}`} className="block">
        <div className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-3">
          <Field label="Tenant">
            {(control) => (
              <NativeSelect
                {...control}
                value={filters.tenant}
                onChange={(e) => list.setFilter('tenant', e.target.value)}
              >
                <option value="">All tenants</option>
                {tenants.data?.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.shop_no ? `${t.shop_no} · ${t.company_name}` : t.company_name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Month">
            {(control) => (
              <TextInput
                {...control}
                type="month"
                value={filters.period}
                onChange={(e) => list.setFilter('period', e.target.value)}
              />
            )}
          </Field>
          <Field label="Status">
            {(control) => (
              <NativeSelect
                {...control}
                value={filters.status}
                onChange={(e) => list.setFilter('status', e.target.value)}
              >
                <option value="">Any status</option>
                {STATEMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATEMENT_STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
      </search>
      {selectedDrafts.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm" role="status">
          <span>{selectedDrafts.length} drafts selected</span>
          <Button size="sm" disabled={issue.isPending} onClick={() => void issueNow(selectedDrafts)}>
            <SendIcon className="size-4" aria-hidden="true" />
            Issue selected
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}
      <DataTable
        label={info.title}
        columns={columns}
        rows={query.data?.rows}
        rowKey={(s) => s.id}
        total={query.data?.total}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          filtered ? (
            <>No {info.singular}s match these filters.</>
          ) : (
            <>
              No {info.singular}s yet.{' '}
              <button
                type="button"
                className="font-semibold text-brand-800 underline"
                onClick={() => setEditing('new')}
              >
                Create the first one
              </button>
            </>
          )
        }
        sort={params.sort}
        dir={params.dir}
        onSort={(column) => list.toggleSort(column as (typeof STATEMENT_SORTS)[number])}
        page={params.page}
        pageSize={STATEMENTS_PAGE_SIZE}
        onPage={list.setPage}
      />
      <section
        aria-label={`Totals of the ${info.title.toLowerCase()} shown`}
        className="rounded-xl bg-stone-50 p-4"
      >
        {totals.error ? (
          <p className="text-sm text-red-800">The totals could not be computed: {totals.error.message}</p>
        ) : (
          <dl
            className="grid gap-3 text-sm sm:grid-cols-4"
            data-testid="statement-totals"
            aria-busy={totals.isPending}
          >
            {(
              [
                ['Statements', totals.data?.statements],
                ['Total billed', totals.data && formatRand(totals.data.total)],
                ['Paid', totals.data && formatRand(totals.data.paid)],
                ['Outstanding', totals.data && formatRand(totals.data.balance)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-stone-700">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value ?? '…'}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <ArrearsReport />
      {editing && (
        <StatementEditor kind={kind} id={editing === 'new' ? null : editing} onClose={() => setEditing('')} />
      )}
      {paying && <PaymentDialog statement={paying} onClose={() => setPaying(null)} />}
      {bulk && <BulkUpload kind={kind} onClose={() => setBulk(false)} />}
      <AlertDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDoomed(null)}
      >
        {doomed && (
          <AlertDialogContent
            title={`Delete the draft ${nameOf(doomed)}?`}
            description="Only drafts can be deleted. The audit trail keeps a copy of what it was."
            confirmLabel={remove.isPending ? 'Deleting…' : 'Delete draft'}
            destructive
            pending={remove.isPending}
            onConfirm={() => void confirmDelete()}
          />
        )}
      </AlertDialog>
    </div>
  )
}
