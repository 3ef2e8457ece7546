import { type SignInInput, SignInSchema } from '@genesis/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { recordFailedLogin } from '../../../lib/monitoring/auth-events'
import { getMonitor } from '../../../lib/monitoring/init'
import { getSupabase } from '../../../lib/supabase-client'
import { describeAuthError } from './auth-error'

export const signInInputSchema = SignInSchema

/**
 * Signs in with e-mail and password. Success is announced by supabase-js's SIGNED_IN event (the
 * session provider records it); a failure is recorded here as a failed email login attempt
 * (spec §4) and thrown with the server's message.
 */
export async function signInWithPassword(input: SignInInput) {
  const { email, password } = SignInSchema.parse(input)
  const { data, error } = await getSupabase().auth.signInWithPassword({ email, password })
  if (error) {
    const problem = describeAuthError(error)
    recordFailedLogin(getMonitor(), problem.code ?? problem.message)
    throw error
  }
  return data
}

export function useSignInWithPassword() {
  return useMutation({ mutationFn: signInWithPassword })
}
