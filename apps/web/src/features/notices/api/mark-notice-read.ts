import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * Records that the tenant has read a notice (their receipt; tenant and reader are filled in by
 * the database from the session). Marking one twice is not an error.
 */
export async function markNoticeRead(input: { noticeId: string }): Promise<void> {
  const { error } = await getSupabase().from('notice_receipts').insert({ notice_id: input.noticeId })
  if (error && error.code !== '23505') throw error
}

export function useMarkNoticeRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNoticeRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notices'] }),
  })
}
