import { AmountSchema } from '@genesis/contracts/tenant-portal'
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getSupabase } from '../../../lib/supabase-client'

const amount = z.pipe(
  AmountSchema,
  z.transform((v) => v ?? 0),
)

export const RentalStatementSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  period: z.string(),
  statement_date: z.string(),
  due_date: z.nullable(z.string()),
  amount_due: amount,
  amount_paid: amount,
  status: z.string(),
  file_path: z.nullable(z.string()),
  line_items: z.catch(z.array(z.object({ description: z.string(), amount: AmountSchema })), []),
})
export type RentalStatement = z.output<typeof RentalStatementSchema>

/**
 * The signed-in tenant's rental statements, newest period first. RLS returns only their own
 * issued ones (never drafts, never another tenant's).
 */
export async function getRentalStatements(): Promise<RentalStatement[]> {
  const { data, error } = await getSupabase()
    .from('rental_statements')
    .select(
      'id, tenant_id, period, statement_date, due_date, amount_due, amount_paid, status, file_path, line_items',
    )
    .order('period', { ascending: false })
  if (error) throw error
  return z.array(RentalStatementSchema).parse(data)
}

export const getRentalStatementsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['rental-statements', userId],
    queryFn: getRentalStatements,
    enabled: Boolean(userId),
  })

export function useRentalStatements(userId: string | undefined) {
  return useQuery(getRentalStatementsQueryOptions(userId))
}
