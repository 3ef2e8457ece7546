import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { POWER_STATUSES_KEY } from './get-power-statuses'

const KEY = ['admin', 'power-stale-minutes'] as const

/** After how many minutes a report is shown as stale (centre_settings.power_status_stale_minutes). */
export const StaleMinutesSchema = z.coerce
  .number({ error: 'Enter a number of minutes' })
  .int('Enter whole minutes')
  .min(5, 'At least 5 minutes')
  .max(10080, 'At most a week (10080 minutes)')

export function useStaleMinutes() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .from('centre_settings')
        .select('power_status_stale_minutes')
        .single()
      if (error) throw error
      return z.object({ power_status_stale_minutes: z.number() }).parse(data).power_status_stale_minutes
    },
  })
}

export function useUpdateStaleMinutes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (minutes: number) => {
      const { error } = await getSupabase()
        .from('centre_settings')
        .update({ power_status_stale_minutes: minutes })
        .eq('singleton', true)
      if (error) throw error
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY })
      void queryClient.invalidateQueries({ queryKey: POWER_STATUSES_KEY })
    },
  })
}
