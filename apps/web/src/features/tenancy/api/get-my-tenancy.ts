import { AmountSchema } from '@genesis/contracts/tenant-portal'
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getSupabase } from '../../../lib/supabase-client'

export const TenancySchema = z.object({
  id: z.string(),
  company_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  lease_start: z.nullable(z.string()),
  lease_end: z.nullable(z.string()),
  monthly_rental: AmountSchema,
  deposit: AmountSchema,
  escalation_percent: AmountSchema,
  notice_period_months: z.nullable(z.number()),
  status: z.string(),
  shop: z.nullable(
    z.object({
      id: z.string(),
      shop_no: z.string(),
      trading_name: z.string(),
      floor: z.string(),
      category: z.string(),
    }),
  ),
})
export type Tenancy = z.output<typeof TenancySchema>

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
