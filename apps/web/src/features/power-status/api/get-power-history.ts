import { CENTRE_POWER_STATES, SHOP_POWER_STATES } from '@genesis/contracts/power-status'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

const PowerReportSchema = z.object({
  id: z.string(),
  shop_id: z.string().nullable(),
  state: z.enum([...CENTRE_POWER_STATES, ...SHOP_POWER_STATES]),
  note: z.string().nullable(),
  since: z.string().nullable(),
  reported_at: z.string(),
})
export type PowerReport = z.infer<typeof PowerReportSchema>

export const powerHistoryKey = (shopId: string | null) => ['power-history', shopId ?? 'centre'] as const

/** The latest reports of the centre (shopId null) or of one shop, newest first. */
export async function getPowerHistory(shopId: string | null): Promise<PowerReport[]> {
  const query = getSupabase()
    .from('power_statuses')
    .select('id, shop_id, state, note, since, reported_at')
    .order('reported_at', { ascending: false })
    .limit(20)
  const { data, error } = await (shopId ? query.eq('shop_id', shopId) : query.is('shop_id', null))
  if (error) throw error
  return z.array(PowerReportSchema).parse(data)
}

export const getPowerHistoryQueryOptions = (shopId: string | null) =>
  queryOptions({ queryKey: powerHistoryKey(shopId), queryFn: () => getPowerHistory(shopId) })

export function usePowerHistory(shopId: string | null) {
  return useQuery(getPowerHistoryQueryOptions(shopId))
}
