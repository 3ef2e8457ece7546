import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * Removes a factor. The server refuses this for a verified factor unless the session is aal2,
 * which is why turning two-factor off asks for a current code first.
 */
export async function unenrolFactor(input: { factorId: string }) {
  const { error } = await getSupabase().auth.mfa.unenroll({ factorId: input.factorId })
  if (error) throw error
}

export function useUnenrolFactor() {
  return useMutation({ mutationFn: unenrolFactor })
}
