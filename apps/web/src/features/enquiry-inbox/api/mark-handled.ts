import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

export const HandleEnquirySchema = z.object({
  note: z.string().trim().max(2000, 'Keep the note under 2000 characters'),
})

/** Marks an enquiry handled (with a note) or opens it again; the database records who. */
export async function markHandled(input: { id: string; handled: boolean; note: string }): Promise<void> {
  const { data, error } = await getSupabase()
    .from('enquiries')
    .update(
      input.handled
        ? { handled_at: new Date().toISOString(), handled_note: input.note || null }
        : { handled_at: null },
    )
    .eq('id', input.id)
    .select('id')
  if (error) throw error
  if (data.length !== 1) throw new Error('This enquiry could not be found any more.')
}

export function useMarkHandled() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: markHandled,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'enquiries'] }),
  })
}
