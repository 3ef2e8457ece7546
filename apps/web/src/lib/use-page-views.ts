import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from './supabase-client'

const PageViewsSchema = z.array(
  z.object({ day: z.string(), views: z.union([z.number(), z.string()]).transform(Number) }),
)
export type PageViewsByDay = z.infer<typeof PageViewsSchema>

/** Page views per day over the last `days` days (RPC `page_views_by_day`, migration 20261123610000). */
export async function getPageViews(days = 30): Promise<PageViewsByDay> {
  const { data, error } = await getSupabase().rpc('page_views_by_day', { days })
  if (error) throw error
  return PageViewsSchema.parse(data)
}

export const getPageViewsQueryOptions = (days = 30) =>
  queryOptions({ queryKey: ['admin', 'page-views', days], queryFn: () => getPageViews(days) })

export function usePageViews(days = 30) {
  return useQuery(getPageViewsQueryOptions(days))
}
