import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getSupabase } from '../../../lib/supabase-client'

export const MyMaintenanceRequestSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  category: z.string(),
  description: z.string(),
  urgency: z.string(),
  status: z.string(),
  scheduled_for: z.nullable(z.string()),
  created_at: z.string(),
  events: z.array(
    z.object({ id: z.string(), status: z.string(), note: z.nullable(z.string()), created_at: z.string() }),
  ),
  comments: z.array(
    z.object({ id: z.string(), body: z.string(), author_role: z.string(), created_at: z.string() }),
  ),
})
export type MyMaintenanceRequest = z.output<typeof MyMaintenanceRequestSchema>

const SELECT = [
  'id, tenant_id, category, description, urgency, status, scheduled_for, created_at',
  'events:maintenance_request_events(id, status, note, created_at)',
  'comments:maintenance_comments(id, body, author_role, created_at)',
].join(', ')

const byTime = <T extends { created_at: string }>(a: T, b: T) => a.created_at.localeCompare(b.created_at)

/**
 * The maintenance requests of the signed-in tenant's shop, newest first, each with its status
 * history and comments in time order. RLS returns only their own.
 */
export async function getMyMaintenanceRequests(): Promise<MyMaintenanceRequest[]> {
  const { data, error } = await getSupabase()
    .from('maintenance_requests')
    .select(SELECT)
    .order('created_at', { ascending: false })
  if (error) throw error
  return z
    .array(MyMaintenanceRequestSchema)
    .parse(data)
    .map((r) => ({ ...r, events: [...r.events].sort(byTime), comments: [...r.comments].sort(byTime) }))
}

export const getMyMaintenanceRequestsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['my-maintenance-requests', userId],
    queryFn: getMyMaintenanceRequests,
    enabled: Boolean(userId),
  })

export function useMyMaintenanceRequests(userId: string | undefined) {
  return useQuery(getMyMaintenanceRequestsQueryOptions(userId))
}
