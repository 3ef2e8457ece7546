import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { useRealtimeRefresh } from '../../../lib/use-realtime-refresh'

export const LatestEnquirySchema = z.object({
  id: z.string(),
  kind: z.enum(['unit', 'leasing', 'contact']),
  name: z.string(),
  email: z.string(),
  unit_number: z.string().nullable(),
  company: z.string().nullable(),
  email_status: z.string(),
  created_at: z.string(),
})
export type LatestEnquiry = z.infer<typeof LatestEnquirySchema>

export async function getLatestEnquiries(limit: number): Promise<LatestEnquiry[]> {
  const { data, error } = await getSupabase()
    .from('enquiries')
    .select('id, kind, name, email, unit_number, company, email_status, created_at')
    .order('created_at', { ascending: false })
    .limit(limit)
  if (error) throw error
  return z.array(LatestEnquirySchema).parse(data)
}

export const getLatestEnquiriesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['admin', 'enquiries', 'latest', limit],
    queryFn: () => getLatestEnquiries(limit),
  })

/**
 * The newest enquiries, kept current over realtime: every enquiry inserted or changed refreshes
 * the list and the dashboard's counts, so an enquiry sent on the public site shows up here
 * without a reload.
 */
export function useLatestEnquiries(limit = 5) {
  const query = useQuery(getLatestEnquiriesQueryOptions(limit))
  const live = useRealtimeRefresh('enquiries', [
    ['admin', 'enquiries'],
    ['admin', 'dashboard', 'summary'],
  ])
  return { ...query, live }
}
