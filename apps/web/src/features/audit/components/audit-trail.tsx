import { EyeIcon } from 'lucide-react'
import { useState } from 'react'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { ListToolbar } from '../../../components/ui/list-toolbar'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useListParams } from '../../../lib/use-list-params'
import { AUDIT_PAGE_SIZE, AUDIT_SORTS, type AuditEntry, useAuditEntries } from '../api/get-audit-entries'

/** The tables the database records (migration 20261123600000), as an admin names them. */
export const AUDITED_TABLES: Record<string, string> = {
  shops: 'Shops',
  vacant_shops: 'Vacant shops',
  public_holidays: 'Public holidays',
  shop_trading_exceptions: 'Trading exceptions',
  tenants: 'Tenants',
  rental_statements: 'Rental statements',
  utility_statements: 'Utility statements',
  newsletters: 'Newsletters',
  newsletter_subscribers: 'Newsletter subscribers',
  enquiries: 'Enquiries',
  centre_settings: 'Centre settings',
  maintenance_requests: 'Maintenance requests',
  maintenance_comments: 'Maintenance comments',
  notices: 'Notices',
  payment_proofs: 'Proofs of payment',
  'storage.objects': 'Files',
  'storage.buckets': 'File buckets',
  privacy_erasures: 'Privacy erasures',
  security_compromises: 'Security compromises',
  power_statuses: 'Power status reports',
  whats_on_items: "What's on (events and specials)",
}

const ACTIONS: Record<AuditEntry['action'], { label: string; variant: BadgeVariant }> = {
  insert: { label: 'Created', variant: 'success' },
  update: { label: 'Changed', variant: 'info' },
  delete: { label: 'Deleted', variant: 'danger' },
}
const ACTION_LABELS = Object.fromEntries(Object.entries(ACTIONS).map(([value, a]) => [value, a.label]))

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'medium' })

/** Who made a write, as a person reads it. */
export function actorLabel(entry: Pick<AuditEntry, 'actor_email' | 'actor_role'>): string {
  if (entry.actor_email) return entry.actor_email
  if (entry.actor_role === 'service_role') return 'System (service role)'
  if (entry.actor_role === 'anon') return 'Website visitor'
  return entry.actor_role
}

function recordName(entry: AuditEntry): string {
  const row = entry.new_data ?? entry.old_data ?? {}
  for (const key of [
    'trading_name',
    'unit_number',
    'company_name',
    'subject',
    'name',
    'email',
    'centre_name',
  ]) {
    const v = row[key]
    if (typeof v === 'string' && v) return v
  }
  return entry.record_id ?? '—'
}

const show = (v: unknown) =>
  v === undefined ? '—' : v === null ? 'empty' : typeof v === 'string' ? v : JSON.stringify(v)

function EntryDetails({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const before = entry.old_data ?? {}
  const after = entry.new_data ?? {}
  const fields =
    entry.action === 'update' ? entry.changed_fields : Object.keys(entry.action === 'insert' ? after : before)
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`${ACTIONS[entry.action].label}: ${recordName(entry)}`}
        description={`${AUDITED_TABLES[entry.table_name] ?? entry.table_name} · ${actorLabel(entry)} · ${when.format(new Date(entry.occurred_at))}`}
        className="max-w-3xl"
      >
        <Table label="Before and after">
          <TableHeader>
            <TableRow>
              <TableHead>Field</TableHead>
              <TableHead>Before</TableHead>
              <TableHead>After</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.map((f) => (
              <TableRow key={f}>
                <TableCell className="font-medium">{f}</TableCell>
                <TableCell className="max-w-64 break-words text-stone-700">
                  {entry.action === 'insert' ? '—' : show(before[f])}
                </TableCell>
                <TableCell className="max-w-64 break-words">
                  {entry.action === 'delete' ? '—' : show(after[f])}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="mt-3 text-xs text-stone-600">Record id: {entry.record_id ?? '—'}</p>
      </DialogContent>
    </Dialog>
  )
}

/**
 * The audit trail (issue 13, item 9): every write the database recorded, newest first, searchable
 * by person or record, filterable by table and kind of change; each entry opens with its before
 * and after. Read-only: the database refuses any change to it.
 */
export function AuditTrail() {
  const list = useListParams({
    sorts: AUDIT_SORTS,
    defaultSort: 'occurred_at',
    defaultDir: 'desc',
    filters: ['table', 'action'] as const,
  })
  const { params } = list
  const query = useAuditEntries({
    q: params.q,
    table: params.filters.table,
    action: params.filters.action,
    sort: params.sort,
    dir: params.dir,
    page: params.page,
  })
  const [open, setOpen] = useState<AuditEntry | null>(null)

  const columns: DataColumn<AuditEntry>[] = [
    {
      id: 'occurred_at',
      header: 'When',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (e) => <time dateTime={e.occurred_at}>{when.format(new Date(e.occurred_at))}</time>,
    },
    { id: 'actor_email', header: 'Who', sortable: true, cell: (e) => actorLabel(e) },
    {
      id: 'action',
      header: 'Change',
      cell: (e) => <Badge variant={ACTIONS[e.action].variant}>{ACTIONS[e.action].label}</Badge>,
    },
    {
      id: 'table_name',
      header: 'Record',
      sortable: true,
      cell: (e) => (
        <span>
          <span className="block font-medium text-stone-900">{recordName(e)}</span>
          <span className="block text-xs text-stone-600">{AUDITED_TABLES[e.table_name] ?? e.table_name}</span>
        </span>
      ),
    },
    {
      id: 'changed',
      header: 'Fields',
      cell: (e) =>
        e.action === 'update' ? (
          <span className="text-stone-700">{e.changed_fields.join(', ')}</span>
        ) : (
          <span className="text-stone-600">all</span>
        ),
    },
    {
      id: 'details',
      header: 'Details',
      cell: (e) => (
        <Button variant="ghost" size="sm" onClick={() => setOpen(e)}>
          <EyeIcon className="size-4" aria-hidden="true" />
          View<span className="sr-only"> the change to {recordName(e)}</span>
        </Button>
      ),
    },
  ]

  const filtered = Boolean(params.q || params.filters.table || params.filters.action)
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Audit Trail</h1>
        <p className="mt-1 text-sm text-stone-700">
          Every change made to the centre’s records: who, when, and what it was before and after. Entries
          cannot be changed or removed.
        </p>
      </div>
      <ListToolbar
        label="Audit trail"
        searchLabel="Person or record id"
        placeholder="e.g. admin@… or a record id"
        list={list}
        filters={[
          { name: 'table', label: 'Table', anyLabel: 'All tables', options: AUDITED_TABLES },
          { name: 'action', label: 'Change', anyLabel: 'All changes', options: ACTION_LABELS },
        ]}
      />
      <DataTable
        label="Audit entries"
        columns={columns}
        rows={query.data?.rows}
        rowKey={(e) => String(e.id)}
        total={query.data?.total}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={filtered ? 'No entries match these filters.' : 'No changes have been recorded yet.'}
        sort={params.sort}
        dir={params.dir}
        onSort={(c) => list.toggleSort(c as (typeof AUDIT_SORTS)[number])}
        page={params.page}
        pageSize={AUDIT_PAGE_SIZE}
        onPage={list.setPage}
      />
      {open && <EntryDetails entry={open} onClose={() => setOpen(null)} />}
    </div>
  )
}
