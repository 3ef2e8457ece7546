import { addDays, sastClock } from '@genesis/contracts/open-now'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

export const ShopTradingExceptionSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  exception_date: z.string(),
  closed: z.boolean(),
  hours: z.string().nullable(),
  reason: z.string(),
})
export type ShopTradingException = z.infer<typeof ShopTradingExceptionSchema>

/** One store's exceptions from yesterday on (South African dates), soonest first. */
export async function getShopTradingExceptions(shopId: string): Promise<ShopTradingException[]> {
  const { data, error } = await getSupabase()
    .from('shop_trading_exceptions')
    .select('id, shop_id, exception_date, closed, hours, reason')
    .eq('shop_id', shopId)
    .gte('exception_date', addDays(sastClock(Date.now()).date, -1))
    .order('exception_date')
  if (error) throw new Error(error.message)
  return z.array(ShopTradingExceptionSchema).parse(data)
}

export const getShopTradingExceptionsQueryOptions = (shopId: string) =>
  queryOptions({
    queryKey: ['shop-trading-exceptions', shopId],
    queryFn: () => getShopTradingExceptions(shopId),
  })

export function useShopTradingExceptions(shopId: string) {
  return useQuery(getShopTradingExceptionsQueryOptions(shopId))
}
