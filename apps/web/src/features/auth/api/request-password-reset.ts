import { type ForgotPasswordInput, ForgotPasswordSchema } from '@genesis/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * Sends the recovery e-mail. Its link comes back to `redirectTo` (the area's login page), where
 * supabase-js emits PASSWORD_RECOVERY and the set-new-password screen shows. The server answers
 * the same whether or not the address has an account.
 */
export async function requestPasswordReset(input: ForgotPasswordInput & { redirectTo: string }) {
  const { email } = ForgotPasswordSchema.parse(input)
  const { error } = await getSupabase().auth.resetPasswordForEmail(email, { redirectTo: input.redirectTo })
  if (error) throw error
  return { email }
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
