import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * Starts a TOTP enrolment: an unverified factor with its QR code (an SVG data URL) and secret.
 * Unfinished enrolments of earlier attempts are removed first, so they never pile up.
 */
export async function enrolTotp(input: { friendlyName: string }) {
  const supabase = getSupabase()
  const { data: factors, error: listError } = await supabase.auth.mfa.listFactors()
  if (listError) throw listError
  for (const stale of factors.all.filter((f) => f.status === 'unverified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: stale.id })
    if (error) throw error
  }
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: input.friendlyName,
    issuer: 'Genesis Centre',
  })
  if (error) throw error
  return data
}

export function useEnrolTotp() {
  return useMutation({ mutationFn: enrolTotp })
}
