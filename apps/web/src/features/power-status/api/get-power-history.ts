import { CENTRE_POWER_STATES, SHOP_POWER_STATES } from '@genesis/contracts/power-status'
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getSupabase } from '../../../lib/supabase-client'

// zod/mini, as the rest of what the tenant dashboard's overview loads: full zod would bring its own
// copy of zod's core (about 90 KB of script, vite.config.ts zodClassicCore) to draw one list.
const PowerReportSchema = z.object({
  id: z.string(),
  shop_id: z.nullable(z.string()),
  state: z.enum([...CENTRE_POWER_STATES, ...SHOP_POWER_STATES]),
  note: z.nullable(z.string()),
  since: z.nullable(z.string()),
  reported_at: z.string(),
})
export type PowerReport = z.output<typeof PowerReportSchema>

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
