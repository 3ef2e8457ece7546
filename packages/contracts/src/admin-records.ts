import { z } from 'zod'
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from './email'
import { WEEKDAYS } from './opening-hours'
import { STORE_CATEGORIES } from './store-directory'
import { normaliseSaMobile, WHATSAPP_INVALID_MESSAGE } from './whatsapp'

/**
 * The back office's record forms (issue 13, item 3): one schema per record, parsed by the form in
 * the browser and by the database's own constraints on the way in (the same rules, written twice
 * only where SQL must hold them). Each schema takes the form's values as typed (strings, booleans)
 * and gives the row the REST API writes.
 */

const REQUIRED = 'Required'
const required = (label: string) => z.string().trim().min(1, `${label} is required`)

/** '' → null, otherwise trimmed. */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))

const optionalEmail = z
  .string()
  .trim()
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), INVALID_EMAIL_MESSAGE)
  .transform((v) => (v === '' ? null : v.toLowerCase()))

const optionalUrl = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v),
    'Enter a web address starting with https://',
  )
  .transform((v) => (v === '' ? null : v))

/** A number typed as text: '' → null; otherwise a positive (or ≥ 0) number with at most two decimals. */
const amount = (label: string, options: { min: 'positive' | 'zero'; required?: boolean; max?: number }) =>
  z
    .string()
    .trim()
    .refine((v) => v !== '' || !options.required, `${label} is required`)
    .refine(
      (v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v),
      `${label} must be a number with at most two decimals`,
    )
    .refine(
      (v) => v === '' || (options.min === 'positive' ? Number(v) > 0 : Number(v) >= 0),
      options.min === 'positive' ? `${label} must be more than 0` : `${label} cannot be negative`,
    )
    .refine((v) => v === '' || options.max === undefined || Number(v) <= options.max, `${label} is too large`)
    .transform((v) => (v === '' ? null : Number(v)))

const isoDate = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a date as YYYY-MM-DD')
  .transform((v) => (v === '' ? null : v))

/** Trading hours per day: free text ('08:00 - 18:00'), '' for a closed day. */
export const TradingHoursSchema = z.object(
  Object.fromEntries(
    WEEKDAYS.map((d) => [d, z.string().trim().max(60, 'Keep the hours under 60 characters')]),
  ) as Record<(typeof WEEKDAYS)[number], z.ZodString>,
)
export type TradingHours = z.infer<typeof TradingHoursSchema>
export const NO_HOURS: TradingHours = Object.fromEntries(WEEKDAYS.map((d) => [d, ''])) as TradingHours

/** '' → null; otherwise a South African mobile number, normalised ('27821234567'). */
const optionalWhatsapp = z
  .string()
  .trim()
  .refine((v) => v === '' || normaliseSaMobile(v) !== null, WHATSAPP_INVALID_MESSAGE)
  .transform((v) => (v === '' ? null : normaliseSaMobile(v)))

export const ShopFormSchema = z.object({
  shop_no: required('Shop number').pipe(z.string().max(20, 'Use at most 20 characters')),
  trading_name: required('Trading name').pipe(z.string().max(120, 'Use at most 120 characters')),
  category: z.enum(STORE_CATEGORIES, { error: 'Choose a category' }),
  floor: required('Floor'),
  description: z.string().trim().max(2000, 'Use at most 2000 characters'),
  primary_phone: optionalText,
  whatsapp: optionalWhatsapp,
  email: optionalEmail,
  website: optionalUrl,
  gla_m2: amount('GLA', { min: 'positive' }),
  trading_hours: TradingHoursSchema,
  logo_path: z.string().nullable(),
  is_published: z.boolean(),
})
export type ShopFormInput = z.input<typeof ShopFormSchema>
export type ShopRow = z.output<typeof ShopFormSchema>

export const VacantShopFormSchema = z.object({
  unit_number: required('Unit number').pipe(z.string().max(20, 'Use at most 20 characters')),
  size_m2: amount('Size', { min: 'positive', required: true }),
  status: required('Status'),
  type: required('Type'),
  floor: optionalText,
  basic_rental_per_sqm: amount('Rental per m²', { min: 'zero' }),
  description: z.string().trim().max(2000, 'Use at most 2000 characters'),
  /** One feature per line. */
  features: z.string().transform((v) =>
    v
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean),
  ),
  is_featured: z.boolean(),
  floor_plan_path: z.string().nullable(),
})
export type VacantShopFormInput = z.input<typeof VacantShopFormSchema>

export const TenantFormSchema = z
  .object({
    company_name: required('Company name'),
    contact_name: z.string().trim(),
    email: z
      .string()
      .trim()
      .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
      .transform((v) => v.toLowerCase()),
    phone: optionalText,
    vat_number: optionalText,
    shop_id: z.string().transform((v) => (v === '' ? null : v)),
    lease_start: isoDate,
    lease_end: isoDate,
    monthly_rental: amount('Monthly rental', { min: 'zero' }),
    deposit: amount('Deposit', { min: 'zero' }),
    /** Yearly rental escalation in percent (0 to 100, as the database checks it). */
    escalation_percent: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v),
        'Escalation must be a percentage such as 8 or 7.5',
      )
      .refine((v) => !(Number(v) > 100), 'Escalation cannot be more than 100%')
      .transform((v) => (v === '' ? null : Number(v))),
    /** Months of notice either side must give (0 to 24, as the database checks it). */
    notice_period_months: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d+$/.test(v), 'Notice period must be a whole number of months')
      .refine((v) => !(Number(v) > 24), 'Notice period cannot be more than 24 months')
      .transform((v) => (v === '' ? null : Number(v))),
    status: z.enum(['active', 'vacated']),
  })
  .refine((t) => !t.lease_start || !t.lease_end || t.lease_end >= t.lease_start, {
    path: ['lease_end'],
    message: 'The lease cannot end before it starts',
  })
export type TenantFormInput = z.input<typeof TenantFormSchema>

export { REQUIRED }
