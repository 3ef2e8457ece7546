import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/** Asks the server to e-mail a one-time reauthentication code (needed for a password change when it says so). */
export async function requestReauthentication() {
  const { error } = await getSupabase().auth.reauthenticate()
  if (error) throw error
}

export function useRequestReauthentication() {
  return useMutation({ mutationFn: requestReauthentication })
}
