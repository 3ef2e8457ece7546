import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { pageRange, type SortDir, searchTerm } from '../../../lib/use-list-params'
import { useRealtimeRefresh } from '../../../lib/use-realtime-refresh'

export const EnquirySchema = z.object({
  id: z.string(),
  kind: z.enum(['unit', 'leasing', 'contact']),
  unit_number: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  business_type: z.string().nullable(),
  enquiry_type: z.string().nullable(),
  message: z.string().nullable(),
  email_status: z.enum(['pending', 'sent', 'failed']),
  provider_error: z.string().nullable(),
  handled_at: z.string().nullable(),
  handled_note: z.string().nullable(),
  created_at: z.string(),
})
export type Enquiry = z.infer<typeof EnquirySchema>

export const ENQUIRY_SORTS = ['created_at', 'name', 'kind'] as const
export const ENQUIRIES_PAGE_SIZE = 20

export interface EnquiriesQuery {
  q: string
  kind: string
  delivery: string
  handled: string
  sort: (typeof ENQUIRY_SORTS)[number]
  dir: SortDir
  page: number
}

/** One page of every enquiry ever sent, newest first, filtered by kind, delivery status and handling. */
export async function getEnquiries(query: EnquiriesQuery): Promise<{ rows: Enquiry[]; total: number }> {
  const { from, to } = pageRange(query.page, ENQUIRIES_PAGE_SIZE)
  let request = getSupabase()
    .from('enquiries')
    .select(
      'id, kind, unit_number, name, email, phone, company, business_type, enquiry_type, message, email_status, provider_error, handled_at, handled_note, created_at',
      { count: 'exact' },
    )
  if (query.kind) request = request.eq('kind', query.kind)
  if (query.delivery) request = request.eq('email_status', query.delivery)
  if (query.handled === 'open') request = request.is('handled_at', null)
  if (query.handled === 'handled') request = request.not('handled_at', 'is', null)
  const term = searchTerm(query.q)
  if (term) request = request.or(`name.ilike.*${term}*,email.ilike.*${term}*,company.ilike.*${term}*`)
  const { data, error, count } = await request
    .order(query.sort, { ascending: query.dir === 'asc' })
    .order('id')
    .range(from, to)
  if (error) throw error
  return { rows: z.array(EnquirySchema).parse(data), total: count ?? 0 }
}

export const getEnquiriesQueryOptions = (query: EnquiriesQuery) =>
  queryOptions({
    queryKey: ['admin', 'enquiries', 'list', query],
    queryFn: () => getEnquiries(query),
    placeholderData: keepPreviousData,
  })

/** The list, refreshed over realtime whenever an enquiry arrives or changes. */
export function useEnquiries(query: EnquiriesQuery) {
  const result = useQuery(getEnquiriesQueryOptions(query))
  const live = useRealtimeRefresh('enquiries', [['admin', 'enquiries']])
  return { ...result, live }
}
