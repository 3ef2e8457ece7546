import { z } from 'zod'

/**
 * The back office's statements (issue 14): the form of a rental or utility statement, the
 * payment form, the totals as the database computes them (migration 20261124400000; shown live in
 * the form, the database's figures are the ones kept), the arrears buckets, and the bulk upload's
 * file names.
 */

export const STATEMENT_KINDS = ['rental', 'utility'] as const
export type StatementKind = (typeof STATEMENT_KINDS)[number]
export const VAT_RATE = 0.15

const cents = (v: number) => Math.round(v * 100)
const rand = (c: number) => c / 100

export interface LineItem {
  description: string
  amount: number
}

export interface Totals {
  subtotal: number
  vat: number
  total: number
}

/** Subtotal, VAT on it and the total, rounded to the cent as PostgreSQL's round(…, 2) does. */
export function totalsOf(subtotal: number, vatRate = VAT_RATE): Totals {
  const sub = cents(subtotal)
  const vat = Math.round(sub * vatRate)
  return { subtotal: rand(sub), vat: rand(vat), total: rand(sub + vat) }
}

export const lineItemsTotal = (lines: readonly LineItem[]) =>
  rand(lines.reduce((sum, l) => sum + cents(l.amount), 0))

export interface Readings {
  previous: number | null
  current: number | null
  /** Rand per unit; null: the amount is typed. */
  rate: number | null
  /** Used when there are no readings (units) or no tariff (amount). */
  units: number
  amount: number
}

/** Consumption from the readings, the amount from the tariff (as the database computes them). */
export function meterCharge(r: Readings): { units: number; amount: number } {
  const units =
    r.previous !== null && r.current !== null ? rand(cents(r.current) - cents(r.previous)) : r.units
  const amount = r.rate !== null ? rand(Math.round(units * r.rate * 100)) : r.amount
  return { units, amount }
}

// ----------------------------------------------------------------------------
// Forms (values as typed: strings)
// ----------------------------------------------------------------------------
const REQUIRED_TENANT = 'Choose a tenant'
const money = /^-?\d{1,9}(\.\d{1,2})?$/
const reading = /^\d{1,10}(\.\d{1,2})?$/

/** '' → null; otherwise a number ≥ 0 with at most two decimals (four for a tariff). */
const optionalNumber = (label: string, pattern = reading) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), `${label} must be a number`)
    .transform((v) => (v === '' ? null : Number(v)))

export const LineItemFormSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'Describe the line')
    .max(200, 'A line is described in at most 200 characters'),
  amount: z
    .string()
    .trim()
    .refine((v) => money.test(v), 'Enter the amount in rand, e.g. 1250.00')
    .transform(Number),
})
export type LineItemForm = z.input<typeof LineItemFormSchema>

/** Issues of a line carry the path ['line_items', index, field]: the form shows them on that line. */
const lineItems = z.array(LineItemFormSchema).max(50, 'A statement has at most 50 lines')

const common = {
  tenant_id: z.string().trim().min(1, REQUIRED_TENANT),
  period: z
    .string()
    .trim()
    .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), 'Choose the month the statement is for')
    .transform((v) => `${v}-01`),
  statement_date: z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter the statement date'),
  due_date: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter the due date as YYYY-MM-DD')
    .transform((v) => (v === '' ? null : v)),
}

export const RentalStatementFormSchema = z
  .object({ ...common, line_items: lineItems })
  .refine((v) => v.line_items.length > 0, { message: 'Add at least one line', path: ['line_items'] })
  .refine((v) => !v.due_date || v.due_date >= v.statement_date, {
    message: 'The due date cannot be before the statement date',
    path: ['due_date'],
  })
export type RentalStatementForm = z.input<typeof RentalStatementFormSchema>

const tariff = /^\d{1,6}(\.\d{1,4})?$/

export const UtilityStatementFormSchema = z
  .object({
    ...common,
    electricity_meter_previous: optionalNumber('The previous electricity reading'),
    electricity_meter_current: optionalNumber('The current electricity reading'),
    electricity_rate: optionalNumber('The electricity tariff', tariff),
    water_meter_previous: optionalNumber('The previous water reading'),
    water_meter_current: optionalNumber('The current water reading'),
    water_rate: optionalNumber('The water tariff', tariff),
    line_items: lineItems,
  })
  .superRefine((v, ctx) => {
    for (const [name, label] of [
      ['electricity', 'electricity'],
      ['water', 'water'],
    ] as const) {
      const prev = v[`${name}_meter_previous`]
      const cur = v[`${name}_meter_current`]
      if ((prev === null) !== (cur === null)) {
        ctx.addIssue({
          code: 'custom',
          message: `Enter both ${label} readings, or neither`,
          path: [`${name}_meter_current`],
        })
      } else if (prev !== null && cur !== null && cur < prev) {
        ctx.addIssue({
          code: 'custom',
          message: `The current ${label} reading cannot be below the previous one`,
          path: [`${name}_meter_current`],
        })
      }
      if (prev !== null && v[`${name}_rate`] === null) {
        ctx.addIssue({ code: 'custom', message: `Enter the ${label} tariff`, path: [`${name}_rate`] })
      }
    }
    if (v.due_date && v.due_date < v.statement_date) {
      ctx.addIssue({
        code: 'custom',
        message: 'The due date cannot be before the statement date',
        path: ['due_date'],
      })
    }
  })
export type UtilityStatementForm = z.input<typeof UtilityStatementFormSchema>

export const PaymentFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'Enter the amount paid, more than R 0')
    .transform(Number),
  paid_on: z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter the date of the payment'),
  reference: z
    .string()
    .trim()
    .min(1, 'Enter the payment reference')
    .max(100, 'A reference has at most 100 characters'),
})
export type PaymentForm = z.input<typeof PaymentFormSchema>

// ----------------------------------------------------------------------------
// Arrears ageing
// ----------------------------------------------------------------------------
export const ARREARS_BUCKETS = [
  { key: 'days_0_30', label: '0–30 days' },
  { key: 'days_31_60', label: '31–60 days' },
  { key: 'days_61_90', label: '61–90 days' },
  { key: 'days_90_plus', label: '90+ days' },
] as const
export type ArrearsBucket = (typeof ARREARS_BUCKETS)[number]['key']

/** The bucket of a balance `daysOverdue` days past its due date (null: not overdue). */
export function arrearsBucket(daysOverdue: number): ArrearsBucket | null {
  if (daysOverdue <= 0) return null
  if (daysOverdue <= 30) return 'days_0_30'
  if (daysOverdue <= 60) return 'days_31_60'
  if (daysOverdue <= 90) return 'days_61_90'
  return 'days_90_plus'
}

// ----------------------------------------------------------------------------
// Bulk upload: `G01_2026-10.pdf` (shop number, underscore, year-month)
// ----------------------------------------------------------------------------
export const STATEMENT_PDF_MAX_BYTES = 10 * 1024 * 1024

/** The shop number and period a bulk-upload file is named for, or why the name does not say. */
export function parseStatementFileName(
  name: string,
): { ok: true; shopNo: string; period: string } | { ok: false; reason: string } {
  const m = /^([A-Za-z0-9-]{1,10})_(\d{4})-(0[1-9]|1[0-2])\.pdf$/i.exec(name.trim())
  if (!m) return { ok: false, reason: 'Name it like G01_2026-10.pdf (shop number, underscore, year-month)' }
  return { ok: true, shopNo: m[1].toUpperCase(), period: `${m[2]}-${m[3]}-01` }
}

/**
 * Runs `work` over `items`, at most `limit` at a time; every item settles whatever the others do
 * (the bulk upload's lanes: a failed file is reported by `work` and the rest carry on).
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++
      try {
        await work(items[index], index)
      } catch {
        // reported by `work` itself
      }
    }
  })
  await Promise.all(lanes)
}
