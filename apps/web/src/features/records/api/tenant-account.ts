import { TENANT_ACCOUNT_ACTIONS } from '@genesis/contracts/tenant-accounts'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

/** A tenant's portal account as `public.tenant_account` describes it (admins with their second factor). */
export const TenantAccountSchema = z.object({
  tenant_id: z.string(),
  email: z.string(),
  tenant_status: z.enum(['active', 'vacated']),
  user_id: z.string().nullable(),
  invited_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  banned: z.boolean(),
  factors: z.number(),
  email_taken: z.boolean(),
})
export type TenantAccount = z.infer<typeof TenantAccountSchema>

export type AccountState = 'none' | 'invited' | 'active' | 'deactivated'

export function accountState(a: TenantAccount): AccountState {
  if (!a.user_id) return 'none'
  if (a.banned) return 'deactivated'
  return a.confirmed_at ? 'active' : 'invited'
}

export const AccountActionRowSchema = z.object({
  id: z.string(),
  action: z.enum(TENANT_ACCOUNT_ACTIONS),
  status: z.enum(['pending', 'done', 'failed']),
  detail: z.string().nullable(),
  requested_at: z.string(),
  requested_by_email: z.string().nullable(),
})
export type AccountActionRow = z.infer<typeof AccountActionRowSchema>
export type AccountAction = AccountActionRow['action']

const key = (tenantId: string) => ['admin', 'tenant-account', tenantId] as const

export async function getTenantAccount(tenantId: string): Promise<{
  account: TenantAccount
  history: AccountActionRow[]
}> {
  const supabase = getSupabase()
  const [account, history] = await Promise.all([
    supabase.rpc('tenant_account', { target_tenant: tenantId }),
    supabase
      .from('tenant_account_actions')
      .select('id, action, status, detail, requested_at, requested_by_email')
      .eq('tenant_id', tenantId)
      .order('requested_at', { ascending: false })
      .limit(5),
  ])
  if (account.error) throw account.error
  if (history.error) throw history.error
  return {
    account: TenantAccountSchema.parse(account.data),
    history: z.array(AccountActionRowSchema).parse(history.data),
  }
}

export function useTenantAccount(tenantId: string) {
  return useQuery({ queryKey: key(tenantId), queryFn: () => getTenantAccount(tenantId) })
}

/**
 * One action on the account (function `tenant-account`): the database decides that the caller is
 * an admin with their second factor, the function does it with the auth admin API. Resolves with
 * what to tell the admin; rejects with the function's own explanation (e.g. "This tenant has
 * already been invited: resend the invite instead.").
 */
export async function runAccountAction(tenantId: string, action: AccountAction): Promise<string> {
  const { data, error } = await getSupabase().functions.invoke('tenant-account', {
    body: { tenant_id: tenantId, action },
  })
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => ({}))) as { error?: string }
      throw new Error(body.error ?? error.message)
    }
    throw error
  }
  return (data as { message?: string } | null)?.message ?? 'Done.'
}

export function useAccountAction(tenantId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (action: AccountAction) => runAccountAction(tenantId, action),
    // Success or not, the account and its history are read again (a failed request is recorded too).
    onSettled: () => void client.invalidateQueries({ queryKey: key(tenantId) }),
  })
}
