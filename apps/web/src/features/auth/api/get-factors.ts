import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/** The signed-in user's MFA factors (verified TOTP ones, and any enrolment left unfinished). */
export async function getFactors() {
  const { data, error } = await getSupabase().auth.mfa.listFactors()
  if (error) throw error
  return { all: data.all, totp: data.totp.filter((f) => f.status === 'verified') }
}

export const getFactorsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['auth', 'factors', userId],
    queryFn: getFactors,
    enabled: Boolean(userId),
    staleTime: 0,
  })

export function useFactors(userId: string | undefined) {
  return useQuery(getFactorsQueryOptions(userId))
}
