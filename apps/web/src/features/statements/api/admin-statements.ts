import type { StatementKind } from '@genesis/contracts/billing'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { paths } from '../../../config/paths'
import { getSupabase } from '../../../lib/supabase-client'
import { pageRange, type SortDir } from '../../../lib/use-list-params'
import { useRealtimeRefresh } from '../../../lib/use-realtime-refresh'

/*
 * The back office's statements (issue 14): one API for both kinds. Lists read the
 * `statement_list` view (both kinds, with tenant, shop, balance and days overdue; RLS of the
 * tables applies), writes go to the kind's own table; the database computes totals and VAT and
 * enforces the life cycle (migration 20261124400000).
 */

export const STATEMENT_KIND_INFO: Record<
  StatementKind,
  { table: 'rental_statements' | 'utility_statements'; title: string; singular: string; href: string }
> = {
  rental: {
    table: 'rental_statements',
    title: paths.admin.rentalStatements.title,
    singular: 'rental statement',
    href: paths.admin.rentalStatements.getHref(),
  },
  utility: {
    table: 'utility_statements',
    title: paths.admin.utilityStatements.title,
    singular: 'utility statement',
    href: paths.admin.utilityStatements.getHref(),
  },
}

export const STATEMENTS_PAGE_SIZE = 25
export const STATEMENT_SORTS = ['period', 'company_name', 'due_date', 'total', 'balance'] as const

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v))

export interface StatementRow {
  kind: StatementKind
  id: string
  tenant_id: string
  company_name: string
  tenant_email: string
  shop_no: string | null
  period: string
  statement_date: string
  due_date: string | null
  subtotal: number
  vat_amount: number
  total: number
  amount_paid: number
  balance: number
  status: string
  display_status: string
  days_overdue: number
  file_path: string | null
  file_generated: boolean
  notified_at: string | null
  proof_count: number
  updated_at: string
}

function toRow(r: Record<string, unknown>): StatementRow {
  return {
    ...(r as unknown as StatementRow),
    subtotal: num(r.subtotal),
    vat_amount: num(r.vat_amount),
    total: num(r.total),
    amount_paid: num(r.amount_paid),
    balance: num(r.balance),
    days_overdue: num(r.days_overdue),
    proof_count: num(r.proof_count),
  }
}

export interface StatementFilters {
  tenant: string
  /** 'YYYY-MM' or ''. */
  period: string
  status: string
}

export interface StatementsQuery extends StatementFilters {
  sort: string
  dir: SortDir
  page: number
}

const periodDate = (period: string) => (period ? `${period}-01` : null)

export async function listStatements(kind: StatementKind, q: StatementsQuery) {
  const { from, to } = pageRange(q.page, STATEMENTS_PAGE_SIZE)
  let request = getSupabase().from('statement_list').select('*', { count: 'exact' }).eq('kind', kind)
  if (q.tenant) request = request.eq('tenant_id', q.tenant)
  if (q.period) request = request.eq('period', periodDate(q.period))
  if (q.status) request = request.eq('display_status', q.status)
  const { data, error, count } = await request
    .order(q.sort, { ascending: q.dir === 'asc' })
    .order('company_name')
    .order('id')
    .range(from, to)
  if (error) throw error
  return { rows: (data as Record<string, unknown>[]).map(toRow), total: count ?? 0 }
}

export interface StatementTotals {
  statements: number
  total: number
  paid: number
  balance: number
}

/** The figures at the foot of the list, over every page of the filter. */
export async function statementTotals(kind: StatementKind, f: StatementFilters): Promise<StatementTotals> {
  const { data, error } = await getSupabase().rpc('statement_totals', {
    p_kind: kind,
    p_tenant: f.tenant || null,
    p_period: periodDate(f.period),
    p_status: f.status || null,
  })
  if (error) throw error
  const row = (Array.isArray(data) ? data[0] : data) as Record<string, unknown> | undefined
  return {
    statements: num(row?.statements),
    total: num(row?.total),
    paid: num(row?.paid),
    balance: num(row?.balance),
  }
}

export function useStatements(kind: StatementKind, q: StatementsQuery) {
  // A tenant's proof of payment, the server's PDF and mail, another admin's payment: the list (and
  // its totals and arrears) is read again whenever a statement of this kind changes.
  useRealtimeRefresh(STATEMENT_KIND_INFO[kind].table, [['admin', 'statements']])
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'statements', kind, 'list', q],
      queryFn: () => listStatements(kind, q),
      placeholderData: keepPreviousData,
    }),
  )
}

export function useStatementTotals(kind: StatementKind, f: StatementFilters) {
  return useQuery({
    queryKey: ['admin', 'statements', kind, 'totals', f],
    queryFn: () => statementTotals(kind, f),
    placeholderData: keepPreviousData,
  })
}

export interface TenantOption {
  id: string
  company_name: string
  email: string
  shop_no: string | null
}

export function useTenantOptions() {
  return useQuery({
    queryKey: ['admin', 'statements', 'tenants'],
    queryFn: async (): Promise<TenantOption[]> => {
      const { data, error } = await getSupabase()
        .from('tenants')
        .select('id, company_name, email, status, shop:shops(shop_no)')
        .order('company_name')
      if (error) throw error
      return (
        data as unknown as {
          id: string
          company_name: string
          email: string
          shop: { shop_no: string } | null
        }[]
      ).map((t) => ({
        id: t.id,
        company_name: t.company_name,
        email: t.email,
        shop_no: t.shop?.shop_no ?? null,
      }))
    },
    staleTime: 60_000,
  })
}

/** A statement's own row, for the editor. */
export async function getStatement(kind: StatementKind, id: string): Promise<Record<string, unknown> | null> {
  const { data, error } = await getSupabase()
    .from(STATEMENT_KIND_INFO[kind].table)
    .select('*')
    .eq('id', id)
    .maybeSingle()
  if (error) throw error
  return data
}

export function useStatement(kind: StatementKind, id: string | null) {
  return useQuery({
    queryKey: ['admin', 'statements', kind, 'one', id],
    queryFn: () => getStatement(kind, id as string),
    enabled: Boolean(id),
  })
}

/** Every screen showing statements reads again after a write. */
function useInvalidateStatements() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: ['admin', 'statements'] })
}

/** Someone else changed the statement after the editor opened it. */
export class StatementChanged extends Error {
  constructor() {
    super(
      'Someone else changed this statement meanwhile. Close the editor and open it again to see their version.',
    )
  }
}

export interface SaveStatementInput {
  kind: StatementKind
  id?: string
  updatedAt?: string
  row: Record<string, unknown>
  /** A PDF to attach (uploaded after the row is saved). */
  file?: File | null
}

/** Where an uploaded or generated statement PDF lives (the tenant's folder, as RLS requires). */
export const statementPdfPath = (kind: StatementKind, tenantId: string, period: string) =>
  `${tenantId}/${kind}/${period.slice(0, 7)}.pdf`

export async function attachStatementPdf(
  kind: StatementKind,
  statement: { id: string; tenant_id: string; period: string },
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const path = statementPdfPath(kind, statement.tenant_id, statement.period)
  onProgress?.(0)
  const upload = await getSupabase().storage.from('statements').upload(path, file, {
    upsert: true,
    contentType: 'application/pdf',
  })
  if (upload.error) throw upload.error
  const { error } = await getSupabase()
    .from(STATEMENT_KIND_INFO[kind].table)
    .update({ file_path: path })
    .eq('id', statement.id)
  if (error) throw error
  onProgress?.(1)
  return path
}

export async function saveStatement(input: SaveStatementInput): Promise<{ id: string; pdfError?: string }> {
  const table = getSupabase().from(STATEMENT_KIND_INFO[input.kind].table)
  let saved: { id: string; tenant_id: string; period: string }
  if (!input.id) {
    const { data, error } = await table.insert(input.row).select('id, tenant_id, period').single()
    if (error) throw error
    saved = data
  } else {
    const { data, error } = await table
      .update(input.row)
      .eq('id', input.id)
      .eq('updated_at', input.updatedAt ?? '')
      .select('id, tenant_id, period')
    if (error) throw error
    if (data.length !== 1) throw new StatementChanged()
    saved = data[0]
  }
  if (input.file) {
    try {
      await attachStatementPdf(input.kind, saved, input.file)
    } catch (error) {
      // The statement is saved; the PDF can be attached again.
      return { id: saved.id, pdfError: messageOf(error) }
    }
  }
  return { id: saved.id }
}

export function useSaveStatement() {
  const invalidate = useInvalidateStatements()
  return useMutation({ mutationFn: saveStatement, onSettled: () => void invalidate() })
}

/** Issues drafts (one or many, one request): the database checks each, the server mails the tenants. */
export function useIssueStatements(kind: StatementKind) {
  const invalidate = useInvalidateStatements()
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const { data, error } = await getSupabase()
        .from(STATEMENT_KIND_INFO[kind].table)
        .update({ status: 'issued' })
        .in('id', ids)
        .eq('status', 'draft')
        .select('id')
      if (error) throw error
      return data.length
    },
    onSettled: () => void invalidate(),
  })
}

export function useDeleteStatement(kind: StatementKind) {
  const invalidate = useInvalidateStatements()
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await getSupabase().from(STATEMENT_KIND_INFO[kind].table).delete().eq('id', id)
      if (error) throw error
    },
    onSettled: () => void invalidate(),
  })
}

export function useMarkOverdue() {
  const invalidate = useInvalidateStatements()
  return useMutation({
    mutationFn: async () => {
      const { data, error } = await getSupabase().rpc('mark_overdue_statements')
      if (error) throw error
      return Number(data ?? 0)
    },
    onSettled: () => void invalidate(),
  })
}

export interface PaymentInput {
  kind: StatementKind
  statementId: string
  amount: number
  paid_on: string
  reference: string
}

export function useRecordPayment() {
  const invalidate = useInvalidateStatements()
  return useMutation({
    mutationFn: async (p: PaymentInput) => {
      const { error } = await getSupabase()
        .from('statement_payments')
        .insert({
          statement_kind: p.kind,
          [p.kind === 'rental' ? 'rental_statement_id' : 'utility_statement_id']: p.statementId,
          amount: p.amount,
          paid_on: p.paid_on,
          reference: p.reference,
        })
      if (error) throw error
    },
    onSettled: () => void invalidate(),
  })
}

export interface PaymentRecord {
  id: string
  amount: number
  paid_on: string
  reference: string
}

export interface ProofRecord {
  id: string
  object_path: string
  created_at: string
}

/** The payments recorded against a statement and the tenant's proofs of payment beside them. */
export function usePaymentsAndProofs(kind: StatementKind, statementId: string) {
  const column = kind === 'rental' ? 'rental_statement_id' : 'utility_statement_id'
  return useQuery({
    queryKey: ['admin', 'statements', kind, 'payments', statementId],
    queryFn: async () => {
      const [payments, proofs] = await Promise.all([
        getSupabase()
          .from('statement_payments')
          .select('id, amount, paid_on, reference')
          .eq(column, statementId)
          .order('paid_on'),
        getSupabase()
          .from('payment_proofs')
          .select('id, object_path, created_at')
          .eq(column, statementId)
          .order('created_at'),
      ])
      if (payments.error) throw payments.error
      if (proofs.error) throw proofs.error
      return {
        payments: (payments.data as Record<string, unknown>[]).map(
          (p): PaymentRecord => ({
            id: String(p.id),
            amount: num(p.amount),
            paid_on: String(p.paid_on),
            reference: String(p.reference),
          }),
        ),
        proofs: proofs.data as ProofRecord[],
      }
    },
  })
}

/** A short-lived link to a file of a private bucket (a proof of payment or a statement PDF). */
export async function signedFileUrl(bucket: 'payment-proofs' | 'statements', path: string): Promise<string> {
  const { data, error } = await getSupabase().storage.from(bucket).createSignedUrl(path, 60)
  if (error) throw error
  return data.signedUrl
}

export interface ArrearsRow {
  tenant_id: string
  company_name: string
  shop_no: string | null
  days_0_30: number
  days_31_60: number
  days_61_90: number
  days_90_plus: number
  total: number
  statements: number
}

export function useArrears() {
  return useQuery({
    queryKey: ['admin', 'statements', 'arrears'],
    queryFn: async (): Promise<ArrearsRow[]> => {
      const { data, error } = await getSupabase()
        .from('statement_arrears')
        .select('*')
        .order('total', { ascending: false })
      if (error) throw error
      return (data as Record<string, unknown>[]).map((r) => ({
        tenant_id: String(r.tenant_id),
        company_name: String(r.company_name),
        shop_no: (r.shop_no as string | null) ?? null,
        days_0_30: num(r.days_0_30),
        days_31_60: num(r.days_31_60),
        days_61_90: num(r.days_61_90),
        days_90_plus: num(r.days_90_plus),
        total: num(r.total),
        statements: num(r.statements),
      }))
    },
  })
}

/** What went wrong, in words: Error and PostgREST/storage errors (plain objects with a message) alike. */
export function messageOf(error: unknown): string {
  const e = error as { code?: string; message?: unknown }
  if (e?.code === '23505') return 'This tenant already has a statement for that month.'
  return typeof e?.message === 'string' && e.message ? e.message : String(error)
}
