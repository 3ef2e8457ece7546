import type { MaintenanceCommentInput } from '@genesis/contracts/maintenance-input'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/** Adds the tenant's comment to one of their requests (author and tenant filled in by the database). */
export async function addMaintenanceComment(
  input: MaintenanceCommentInput & { requestId: string },
): Promise<void> {
  const { error } = await getSupabase()
    .from('maintenance_comments')
    .insert({ request_id: input.requestId, body: input.body })
  if (error) throw error
}

export function useAddMaintenanceComment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addMaintenanceComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-maintenance-requests'] }),
  })
}
