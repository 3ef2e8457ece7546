import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from './supabase-client'

const ShopOptionsSchema = z.array(z.object({ id: z.string(), shop_no: z.string(), trading_name: z.string() }))
export type ShopOption = z.infer<typeof ShopOptionsSchema>[number]

/** Every shop as a choice (number and name), for the back office's shop pickers and filters. */
export function useShopOptions() {
  return useQuery({
    queryKey: ['admin', 'shops', 'options'],
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .from('shops')
        .select('id, shop_no, trading_name')
        .order('shop_no')
      if (error) throw error
      return ShopOptionsSchema.parse(data)
    },
  })
}
