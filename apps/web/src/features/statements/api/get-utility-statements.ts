import { AmountSchema } from '@genesis/contracts/tenant-portal'
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getSupabase } from '../../../lib/supabase-client'

const amount = z.pipe(
  AmountSchema,
  z.transform((v) => v ?? 0),
)

export const UtilityStatementSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  period: z.string(),
  statement_date: z.string(),
  due_date: z.nullable(z.string()),
  electricity_meter_previous: AmountSchema,
  electricity_meter_current: AmountSchema,
  electricity_kwh: amount,
  electricity_amount: amount,
  water_meter_previous: AmountSchema,
  water_meter_current: AmountSchema,
  water_kl: amount,
  water_amount: amount,
  other_amount: amount,
  total_amount: amount,
  amount_paid: amount,
  status: z.string(),
  file_path: z.nullable(z.string()),
})
export type UtilityStatement = z.output<typeof UtilityStatementSchema>

const SELECT = [
  'id, tenant_id, period, statement_date, due_date',
  'electricity_meter_previous, electricity_meter_current, electricity_kwh, electricity_amount',
  'water_meter_previous, water_meter_current, water_kl, water_amount',
  'other_amount, total_amount, amount_paid, status, file_path',
].join(', ')

/** The signed-in tenant's issued utility statements, newest period first (RLS decides which). */
export async function getUtilityStatements(): Promise<UtilityStatement[]> {
  const { data, error } = await getSupabase()
    .from('utility_statements')
    .select(SELECT)
    .order('period', { ascending: false })
  if (error) throw error
  return z.array(UtilityStatementSchema).parse(data)
}

export const getUtilityStatementsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['utility-statements', userId],
    queryFn: getUtilityStatements,
    enabled: Boolean(userId),
  })

export function useUtilityStatements(userId: string | undefined) {
  return useQuery(getUtilityStatementsQueryOptions(userId))
}
