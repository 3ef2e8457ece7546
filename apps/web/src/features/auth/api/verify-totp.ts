import { type TotpCodeInput, TotpCodeSchema } from '@genesis/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * Proves the second factor: a challenge and its verification in one step. The session becomes
 * aal2 (supabase-js emits MFA_CHALLENGE_VERIFIED); used both to sign in and to finish enrolment.
 */
export async function verifyTotp(input: TotpCodeInput & { factorId: string }) {
  const { code } = TotpCodeSchema.parse(input)
  const { data, error } = await getSupabase().auth.mfa.challengeAndVerify({ factorId: input.factorId, code })
  if (error) throw error
  return data
}

export function useVerifyTotp() {
  return useMutation({ mutationFn: verifyTotp })
}
