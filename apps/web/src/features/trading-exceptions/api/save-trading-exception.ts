import type { TradingExceptionFormSchema } from '@genesis/contracts/trading-calendar-forms'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

type TradingExceptionRow = z.output<typeof TradingExceptionFormSchema>

/**
 * Sets a store's trading on one date: closed, or special hours. Setting a date again replaces what
 * it said (one exception per store and date). Who may do it is the database's rule: the store's
 * tenant and the admins.
 */
export async function saveTradingException(input: {
  shopId: string
  row: TradingExceptionRow
}): Promise<void> {
  const { error } = await getSupabase()
    .from('shop_trading_exceptions')
    .upsert({ shop_id: input.shopId, ...input.row }, { onConflict: 'shop_id,exception_date' })
  if (error) throw error
}

export function useSaveTradingException() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveTradingException,
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['shop-trading-exceptions', input.shopId] }),
        queryClient.invalidateQueries({ queryKey: ['trading-calendar'] }),
      ]),
  })
}
