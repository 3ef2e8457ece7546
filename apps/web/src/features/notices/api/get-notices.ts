import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getSupabase } from '../../../lib/supabase-client'

export const NoticeSchema = z.pipe(
  z.object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    published_at: z.string(),
    receipts: z.array(z.object({ read_at: z.string() })),
  }),
  z.transform(({ receipts, ...notice }) => ({ ...notice, readAt: receipts[0]?.read_at ?? null })),
)
export type Notice = z.output<typeof NoticeSchema>

/**
 * The centre's notices addressed to the signed-in tenant (to every shop, or to theirs), newest
 * first, each with the tenant's own read receipt if any. RLS decides both.
 */
export async function getNotices(): Promise<Notice[]> {
  const { data, error } = await getSupabase()
    .from('notices')
    .select('id, title, body, published_at, receipts:notice_receipts(read_at)')
    .order('published_at', { ascending: false })
  if (error) throw error
  return z.array(NoticeSchema).parse(data)
}

export const getNoticesQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: ['notices', userId], queryFn: getNotices, enabled: Boolean(userId) })

export function useNotices(userId: string | undefined) {
  return useQuery(getNoticesQueryOptions(userId))
}
