import * as z from 'zod/mini'

/**
 * The tenant portal's shared rules (issue 12; docs/product/README.md §4 and §9): statement states,
 * the balance due, the lease countdown, and the figures as the portal writes them. Pure, so the
 * web app and the tests agree on one definition.
 */

export const STATEMENT_STATUSES = ['draft', 'issued', 'payment_submitted', 'paid', 'overdue'] as const
export type StatementStatus = (typeof STATEMENT_STATUSES)[number]

export const STATEMENT_STATUS_LABELS: Record<StatementStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  payment_submitted: 'Payment submitted',
  paid: 'Paid',
  overdue: 'Overdue',
}

/** States in which a statement still awaits money (and takes a proof of payment). */
export const UNPAID_STATUSES: readonly StatementStatus[] = ['issued', 'overdue', 'payment_submitted']

export const isUnpaid = (status: string) => (UNPAID_STATUSES as readonly string[]).includes(status)

/**
 * PostgreSQL numerics arrive as text through REST: one parser for every amount. zod/mini, like the
 * tenant dashboard's other response schemas: the dashboard does not load full zod (decision 019).
 */
export const AmountSchema = z.pipe(
  z.nullable(z.union([z.number(), z.string()])),
  z.transform((v): number | null => (v === null ? null : Number(v))),
)

export interface BalanceInput {
  amount_due: number
  amount_paid: number
  status: string
  due_date: string | null
}

/**
 * The balance due (product.md §4): what is still owed on issued rental statements that are not
 * paid (issued, overdue, or with a proof of payment awaiting management), and the earliest due
 * date among those with something left to pay.
 */
export function balanceDue(statements: readonly BalanceInput[]): {
  amount: number
  nextDueDate: string | null
} {
  let cents = 0
  let nextDueDate: string | null = null
  for (const s of statements) {
    if (!isUnpaid(s.status)) continue
    const open = Math.round(s.amount_due * 100) - Math.round(s.amount_paid * 100)
    if (open <= 0) continue
    cents += open
    if (s.due_date && (nextDueDate === null || s.due_date < nextDueDate)) nextDueDate = s.due_date
  }
  return { amount: cents / 100, nextDueDate }
}

/** Days the lease has left: a warning inside 90 days, 'ended' once past the end date. */
export const LEASE_WARNING_DAYS = 90

export function leaseCountdown(
  leaseEnd: string | null,
  today: Date,
): { daysLeft: number; state: 'ok' | 'warning' | 'ended' } | null {
  if (!leaseEnd) return null
  const [y, m, d] = leaseEnd.split('-').map(Number)
  const end = Date.UTC(y, m - 1, d)
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())
  const daysLeft = Math.round((end - now) / 86_400_000)
  return { daysLeft, state: daysLeft < 0 ? 'ended' : daysLeft <= LEASE_WARNING_DAYS ? 'warning' : 'ok' }
}

/** 'R 185 600.00' (a space between thousands, as South African statements print them). */
export function formatRand(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—'
  const negative = amount < 0
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return `${negative ? '−' : ''}R ${grouped}.${cents}`
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** '2026-10-01' → 'October 2026'. */
export function formatPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number)
  return `${MONTHS[m - 1]} ${y}`
}

/** '2026-10-07' (or a timestamp) → '7 Oct 2026'; '—' for none. */
export function formatDay(date: string | null | undefined): string {
  if (!date) return '—'
  const [y, m, d] = date.slice(0, 10).split('-').map(Number)
  return `${d} ${MONTHS[m - 1].slice(0, 3)} ${y}`
}

/** '1 234.5' style figures for meter readings and consumption. */
export function formatQuantity(value: number | null | undefined, unit?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  const [whole, fraction] = String(Math.round(value * 100) / 100).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return `${grouped}${fraction ? `.${fraction}` : ''}${unit ? ` ${unit}` : ''}`
}

/** The file name a statement PDF is downloaded as. */
export function statementFileName(kind: 'rental' | 'utility', shopNo: string | null, period: string): string {
  return `${kind === 'rental' ? 'Rental' : 'Utility'} statement ${shopNo ?? ''} ${period.slice(0, 7)}.pdf`
    .replace(/\s+/g, ' ')
    .replace(' .pdf', '.pdf')
}

// ---------------------------------------------------------------------------------------------
// Maintenance requests (the table's CHECK constraints say the same; the database has the last word)
// ---------------------------------------------------------------------------------------------

export const MAINTENANCE_CATEGORIES = [
  'electrical',
  'plumbing',
  'air_conditioning',
  'structural',
  'cleaning',
  'security',
  'signage',
  'other',
] as const
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number]
export const MAINTENANCE_CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  electrical: 'Electrical',
  plumbing: 'Plumbing',
  air_conditioning: 'Air conditioning',
  structural: 'Structural',
  cleaning: 'Cleaning',
  security: 'Security',
  signage: 'Signage',
  other: 'Other',
}

export const MAINTENANCE_URGENCIES = ['low', 'normal', 'high', 'urgent'] as const
export type MaintenanceUrgency = (typeof MAINTENANCE_URGENCIES)[number]
export const MAINTENANCE_URGENCY_LABELS: Record<MaintenanceUrgency, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
}

export const MAINTENANCE_STATUSES = ['received', 'scheduled', 'in_progress', 'resolved'] as const
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number]
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  received: 'Received',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  resolved: 'Resolved',
}

export const MAINTENANCE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const MAINTENANCE_PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const MAINTENANCE_MAX_PHOTOS = 5
