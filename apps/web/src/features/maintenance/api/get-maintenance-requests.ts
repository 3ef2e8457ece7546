import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { pageRange, type SortDir } from '../../../lib/use-list-params'
import { useRealtimeRefresh } from '../../../lib/use-realtime-refresh'

export const MAINTENANCE_STATUSES = ['received', 'scheduled', 'in_progress', 'resolved'] as const
export const MAINTENANCE_URGENCIES = ['low', 'normal', 'high', 'urgent'] as const
export const STATUS_LABEL: Record<(typeof MAINTENANCE_STATUSES)[number], string> = {
  received: 'Received',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  resolved: 'Resolved',
}
export const URGENCY_LABEL: Record<(typeof MAINTENANCE_URGENCIES)[number], string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
}
export const CATEGORY_LABEL: Record<string, string> = {
  electrical: 'Electrical',
  plumbing: 'Plumbing',
  air_conditioning: 'Air-conditioning',
  structural: 'Structural',
  cleaning: 'Cleaning',
  security: 'Security',
  signage: 'Signage',
  other: 'Other',
}

export const MaintenanceRequestSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  shop_id: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  urgency: z.enum(MAINTENANCE_URGENCIES),
  status: z.enum(MAINTENANCE_STATUSES),
  status_note: z.string().nullable(),
  scheduled_for: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  tenant: z.object({ company_name: z.string() }).nullable(),
  shop: z.object({ shop_no: z.string(), trading_name: z.string() }).nullable(),
})
export type MaintenanceRequest = z.infer<typeof MaintenanceRequestSchema>

export const MAINTENANCE_SORTS = ['created_at', 'urgency', 'status', 'scheduled_for'] as const
export const MAINTENANCE_PAGE_SIZE = 20

export interface MaintenanceQuery {
  status: string
  urgency: string
  shop: string
  sort: (typeof MAINTENANCE_SORTS)[number]
  dir: SortDir
  page: number
}

/** Every tenant's maintenance requests (RLS: admins read all), filtered by status, urgency and shop. */
export async function getMaintenanceRequests(
  query: MaintenanceQuery,
): Promise<{ rows: MaintenanceRequest[]; total: number }> {
  const { from, to } = pageRange(query.page, MAINTENANCE_PAGE_SIZE)
  let request = getSupabase()
    .from('maintenance_requests')
    .select(
      'id, tenant_id, shop_id, category, description, urgency, status, status_note, scheduled_for, created_at, updated_at, tenant:tenants(company_name), shop:shops(shop_no, trading_name)',
      { count: 'exact' },
    )
  if (query.status === 'open') request = request.neq('status', 'resolved')
  else if (query.status) request = request.eq('status', query.status)
  if (query.urgency) request = request.eq('urgency', query.urgency)
  if (query.shop) request = request.eq('shop_id', query.shop)
  const { data, error, count } = await request
    .order(query.sort, { ascending: query.dir === 'asc', nullsFirst: false })
    .order('id')
    .range(from, to)
  if (error) throw error
  return { rows: z.array(MaintenanceRequestSchema).parse(data), total: count ?? 0 }
}

export const getMaintenanceRequestsQueryOptions = (query: MaintenanceQuery) =>
  queryOptions({
    queryKey: ['admin', 'maintenance', 'list', query],
    queryFn: () => getMaintenanceRequests(query),
    placeholderData: keepPreviousData,
  })

export function useMaintenanceRequests(query: MaintenanceQuery) {
  const result = useQuery(getMaintenanceRequestsQueryOptions(query))
  const live = useRealtimeRefresh('maintenance_requests', [['admin', 'maintenance']])
  return { ...result, live }
}
