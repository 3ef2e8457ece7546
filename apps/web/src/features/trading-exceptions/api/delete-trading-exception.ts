import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/** Removes one exception: the store trades its usual hours on that date again. */
export async function deleteTradingException(input: { id: string; shopId: string }): Promise<void> {
  const { error, count } = await getSupabase()
    .from('shop_trading_exceptions')
    .delete({ count: 'exact' })
    .eq('id', input.id)
  if (error) throw error
  if (count === 0) throw new Error('This date could not be removed: it may have been removed already.')
}

export function useDeleteTradingException() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTradingException,
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['shop-trading-exceptions', input.shopId] }),
        queryClient.invalidateQueries({ queryKey: ['trading-calendar'] }),
      ]),
  })
}
