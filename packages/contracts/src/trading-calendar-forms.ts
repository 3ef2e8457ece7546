import { z } from 'zod'

/**
 * The forms of the trading calendar (issue 18, item 1): a public holiday (back office) and a
 * store's trading exception (tenant portal and back office). The database holds the same rules
 * (migration 20261128300000: CHECK constraints), these give the messages.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const date = z.string().trim().regex(DATE, 'Choose a date')
const oneLine = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (v) => ![...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f),
      'One line only',
    )

export const PublicHolidayFormSchema = z.object({
  holiday_date: date,
  name: oneLine(120, 'The name').refine((v) => v !== '', 'Name the holiday'),
  centre_closed: z.boolean(),
})
export type PublicHolidayFormInput = z.input<typeof PublicHolidayFormSchema>

/**
 * A store closed, or on special hours, on one date. `closes` at or before `opens` runs past
 * midnight; '24:00' is not offered by a time field, so the end of the day is 00:00.
 */
export const TradingExceptionFormSchema = z
  .object({
    exception_date: date,
    closed: z.boolean(),
    opens: z.string().trim(),
    closes: z.string().trim(),
    reason: oneLine(120, 'The reason'),
  })
  .superRefine((v, ctx) => {
    if (v.closed) return
    if (!TIME.test(v.opens))
      ctx.addIssue({ code: 'custom', path: ['opens'], message: 'Enter the opening time' })
    if (!TIME.test(v.closes))
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'Enter the closing time' })
  })
  .transform((v) => ({
    exception_date: v.exception_date,
    closed: v.closed,
    hours: v.closed ? null : `${v.opens} - ${v.closes}`,
    reason: v.reason,
  }))
export type TradingExceptionFormInput = z.input<typeof TradingExceptionFormSchema>
