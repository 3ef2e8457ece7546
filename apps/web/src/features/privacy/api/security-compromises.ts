import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'
import type { SecurityCompromise } from '../lib/compromise-notice'

export type { SecurityCompromise }

/** What the form writes (the database fills id, who and when). */
export type SecurityCompromiseInput = Omit<SecurityCompromise, 'id' | 'created_at' | 'updated_at'>

const queryKey = ['admin', 'privacy', 'security-compromises'] as const

/** The register, newest discovery first (RLS: admins with their second factor only). */
export async function getSecurityCompromises(): Promise<SecurityCompromise[]> {
  const { data, error } = await getSupabase()
    .from('security_compromises')
    .select('*')
    .order('discovered_at', { ascending: false })
  if (error) throw error
  return (data ?? []) as SecurityCompromise[]
}

export function useSecurityCompromises() {
  return useQuery({ queryKey, queryFn: getSecurityCompromises })
}

export function useSaveSecurityCompromise() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: SecurityCompromiseInput }) => {
      const table = getSupabase().from('security_compromises')
      const { error } = id ? await table.update(values).eq('id', id) : await table.insert(values)
      if (error) throw error
    },
    onSuccess: () => client.invalidateQueries({ queryKey }),
  })
}
