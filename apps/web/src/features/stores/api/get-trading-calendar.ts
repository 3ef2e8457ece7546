import { addDays, sastClock } from '@genesis/contracts/open-now'
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { publicRest } from '../../../lib/backend'

// zod/mini: read on every public page's first render (decision 009).
export const PublicHolidaySchema = z.object({
  holiday_date: z.string(),
  name: z.string(),
  centre_closed: z.boolean(),
})

export const TradingExceptionSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  exception_date: z.string(),
  closed: z.boolean(),
  hours: z.nullable(z.string()),
  reason: z.string(),
})
export type TradingExceptionRow = z.infer<typeof TradingExceptionSchema>

export const TradingCalendarSchema = z.object({
  holidays: z.array(PublicHolidaySchema),
  exceptions: z.array(TradingExceptionSchema),
})
export type TradingCalendarData = z.infer<typeof TradingCalendarSchema>

/** The columns the app reads (the gateway's on-request rendering reads the same, server-render.ts). */
export const HOLIDAY_COLUMNS = 'holiday_date, name, centre_closed'
export const EXCEPTION_COLUMNS = 'id, shop_id, exception_date, closed, hours, reason'

/**
 * The public holidays and the stores' trading exceptions from yesterday on (South African dates:
 * yesterday's hours may run past midnight into today). Holidays are few (a dozen a year); exceptions
 * are read for every store at once, one request for the whole directory.
 */
export async function getTradingCalendar(): Promise<TradingCalendarData> {
  const from = addDays(sastClock(Date.now()).date, -1)
  const rest = await publicRest()
  const [holidays, exceptions] = await Promise.all([
    rest.from('public_holidays').select(HOLIDAY_COLUMNS).gte('holiday_date', from).order('holiday_date'),
    rest
      .from('shop_trading_exceptions')
      .select(EXCEPTION_COLUMNS)
      .gte('exception_date', from)
      .order('exception_date'),
  ])
  if (holidays.error) throw new Error(`Failed to fetch public holidays: ${holidays.error.message}`)
  if (exceptions.error) throw new Error(`Failed to fetch trading exceptions: ${exceptions.error.message}`)
  return TradingCalendarSchema.parse({ holidays: holidays.data, exceptions: exceptions.data })
}

export const getTradingCalendarQueryOptions = () =>
  queryOptions({ queryKey: ['trading-calendar'], queryFn: getTradingCalendar, staleTime: 5 * 60_000 })

/** The calendar, or undefined while it loads (no status is shown rather than one without holidays). */
export function useTradingCalendar(): TradingCalendarData | undefined {
  return useQuery(getTradingCalendarQueryOptions()).data
}
