import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * Sets a new password for the signed-in user (recovery screen, account settings). `nonce` is the
 * reauthentication code the server e-mails when it asks for one (see requestReauthentication).
 */
export async function updatePassword(input: { password: string; nonce?: string }) {
  const { data, error } = await getSupabase().auth.updateUser({
    password: input.password,
    nonce: input.nonce,
  })
  if (error) throw error
  return data.user
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword })
}
