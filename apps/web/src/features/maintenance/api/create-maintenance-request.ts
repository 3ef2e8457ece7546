import type { MaintenanceRequestInput } from '@genesis/contracts/maintenance-input'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * Logs a maintenance request for the tenant's own shop. Tenant, shop, author and the 'received'
 * status are the database's defaults (and its policy refuses anything else); the first history
 * entry is written by its trigger.
 */
export async function createMaintenanceRequest(input: MaintenanceRequestInput): Promise<{ id: string }> {
  const { data, error } = await getSupabase()
    .from('maintenance_requests')
    .insert({ category: input.category, urgency: input.urgency, description: input.description })
    .select('id')
    .single()
  if (error) throw error
  return { id: String(data.id) }
}

export function useCreateMaintenanceRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createMaintenanceRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-maintenance-requests'] }),
  })
}
