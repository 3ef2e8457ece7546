import type { PowerState } from '@genesis/contracts/power-status'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'
import { powerHistoryKey } from './get-power-history'
import { POWER_STATUSES_KEY } from './get-power-statuses'

export interface PowerReportInput {
  /** null: the centre (admins only; the database refuses anyone else). */
  shopId: string | null
  state: PowerState
  note: string
  /** ISO time the state began, or null for "now". */
  since: string | null
}

/**
 * Reports a state as the signed-in user. Who may report what is PostgreSQL's decision (migration
 * 20261128400000): an admin for the centre and any shop, a tenant for their own shop only; the
 * report's time and author are stamped by the database.
 */
export async function reportPowerStatus(input: PowerReportInput): Promise<void> {
  const { error } = await getSupabase()
    .from('power_statuses')
    .insert({
      shop_id: input.shopId,
      state: input.state,
      note: input.note.trim() || null,
      since: input.since,
    })
  if (error) throw error
}

export function useReportPowerStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reportPowerStatus,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: powerHistoryKey(input.shopId) })
      void queryClient.invalidateQueries({ queryKey: POWER_STATUSES_KEY })
    },
  })
}
