import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { MAINTENANCE_STATUSES } from './get-maintenance-requests'

export const StatusChangeSchema = z
  .object({
    status: z.enum(MAINTENANCE_STATUSES, { error: 'Choose a status' }),
    note: z.string().trim().max(2000, 'Keep the note under 2000 characters'),
    scheduled_for: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a date as YYYY-MM-DD'),
  })
  .refine((v) => v.status !== 'scheduled' || v.scheduled_for !== '', {
    path: ['scheduled_for'],
    message: 'Choose the date the work is scheduled for',
  })
export type StatusChange = z.input<typeof StatusChangeSchema>

/**
 * Moves a request to a new status with the admin's note (and a date when scheduled); the database
 * records the change in the request's history and realtime shows it to the tenant.
 */
export async function updateMaintenanceStatus(id: string, change: z.output<typeof StatusChangeSchema>) {
  const { data, error } = await getSupabase()
    .from('maintenance_requests')
    .update({
      status: change.status,
      status_note: change.note || null,
      scheduled_for: change.scheduled_for || null,
    })
    .eq('id', id)
    .select('id')
  if (error) throw error
  if (data.length !== 1) throw new Error('This request could not be found any more.')
}

export function useUpdateMaintenanceStatus() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string; change: z.output<typeof StatusChangeSchema> }) =>
      updateMaintenanceStatus(input.id, input.change),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'maintenance'] })
      void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] })
    },
  })
}
