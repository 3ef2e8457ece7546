import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

export interface DashboardSummary {
  stores: number
  publishedStores: number
  vacantUnits: number
  vacantM2: number
  activeTenants: number
  subscribers: number
  enquiriesThisWeek: number
  /** null when maintenance requests are not available on this installation yet. */
  openMaintenance: number | null
  /** The centre's gross lettable area (centre settings), m². */
  centreGlaM2: number
}

const numeric = z.union([z.number(), z.string()]).transform(Number)

const countQuery = (table: string) => getSupabase().from(table).select('*', { count: 'exact', head: true })
type CountQuery = ReturnType<typeof countQuery>

async function exactCount(table: string, filter: (q: CountQuery) => CountQuery = (q) => q): Promise<number> {
  const { count, error } = await filter(countQuery(table))
  if (error) throw error
  return count ?? 0
}

/** The week the dashboard counts enquiries in: the last seven days up to now. */
export const weekAgo = (now = Date.now()) => new Date(now - 7 * 24 * 3600 * 1000).toISOString()

/**
 * The dashboard's counts (issue 13, item 2), each an exact REST count (no rows travel), and the
 * vacant units' sizes for their total area.
 */
export async function getDashboardSummary(): Promise<DashboardSummary> {
  const supabase = getSupabase()
  const [
    stores,
    publishedStores,
    activeTenants,
    subscribers,
    enquiriesThisWeek,
    vacant,
    centre,
    maintenance,
  ] = await Promise.all([
    exactCount('shops'),
    exactCount('shops', (q) => q.eq('is_published', true)),
    exactCount('tenants', (q) => q.eq('status', 'active')),
    exactCount('newsletter_subscribers', (q) => q.eq('status', 'subscribed')),
    exactCount('enquiries', (q) => q.gte('created_at', weekAgo())),
    supabase.from('vacant_shops').select('size_m2'),
    supabase.from('centre_settings').select('gla_m2').maybeSingle(),
    exactCount('maintenance_requests', (q) => q.neq('status', 'resolved')).catch(() => null),
  ])
  if (vacant.error) throw vacant.error
  if (centre.error) throw centre.error
  const sizes = z.array(z.object({ size_m2: numeric })).parse(vacant.data)
  return {
    stores,
    publishedStores,
    vacantUnits: sizes.length,
    vacantM2: sizes.reduce((sum, u) => sum + u.size_m2, 0),
    activeTenants,
    subscribers,
    enquiriesThisWeek,
    openMaintenance: maintenance,
    centreGlaM2: centre.data ? numeric.parse(centre.data.gla_m2) : 0,
  }
}

/** Occupancy from GLA: the share of the centre's lettable area not standing vacant, or null without a GLA. */
export function occupancy(summary: Pick<DashboardSummary, 'centreGlaM2' | 'vacantM2'>): number | null {
  if (summary.centreGlaM2 <= 0) return null
  return Math.max(0, Math.min(1, 1 - summary.vacantM2 / summary.centreGlaM2))
}

export const getDashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'dashboard', 'summary'], queryFn: getDashboardSummary })

export function useDashboardSummary() {
  return useQuery(getDashboardSummaryQueryOptions())
}
