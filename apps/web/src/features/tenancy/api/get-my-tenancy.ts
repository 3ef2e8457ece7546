import { AmountSchema } from '@genesis/contracts/tenant-portal'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

export const TenancySchema = z.object({
  id: z.string(),
  company_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  lease_start: z.string().nullable(),
  lease_end: z.string().nullable(),
  monthly_rental: AmountSchema,
  deposit: AmountSchema,
  escalation_percent: AmountSchema,
  notice_period_months: z.number().int().nullable(),
  status: z.string(),
  shop: z
    .object({
      id: z.string(),
      shop_no: z.string(),
      trading_name: z.string(),
      floor: z.string(),
      category: z.string(),
    })
    .nullable(),
})
export type Tenancy = z.infer<typeof TenancySchema>

const SELECT =
  'id, company_name, contact_name, email, phone, lease_start, lease_end, monthly_rental, deposit, escalation_percent, notice_period_months, status, shop:shops(id, shop_no, trading_name, floor, category)'

/**
 * The signed-in tenant's own record and shop. Row-level security returns only theirs, so the
 * query needs no filter of its own; null when the account has no tenant record.
 */
export async function getMyTenancy(): Promise<Tenancy | null> {
  const { data, error } = await getSupabase().from('tenants').select(SELECT).maybeSingle()
  if (error) throw error
  return data === null ? null : TenancySchema.parse(data)
}

export const getMyTenancyQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: ['tenancy', userId], queryFn: getMyTenancy, enabled: Boolean(userId) })

export function useMyTenancy(userId: string | undefined) {
  return useQuery(getMyTenancyQueryOptions(userId))
}
