import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { optimisticUpdate } from '../../../lib/optimistic'
import { getSupabase } from '../../../lib/supabase-client'
import { useRealtimeRefresh } from '../../../lib/use-realtime-refresh'

/** A notice that is not published carries this date: tenants see notices published up to now. */
export const UNPUBLISHED = 'infinity'

export const NoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(['all', 'shops']),
  shop_ids: z.array(z.string()),
  published_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  receipts: z.array(z.object({ count: z.number() })).optional(),
})
export type Notice = z.infer<typeof NoticeSchema>

export const isPublished = (n: Pick<Notice, 'published_at'>) =>
  n.published_at !== UNPUBLISHED && new Date(n.published_at).getTime() <= Date.now()

export const NoticeFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Give the notice a title')
      .max(200, 'Keep the title under 200 characters'),
    body: z.string().trim().min(1, 'Write the notice').max(10000, 'Keep the notice under 10 000 characters'),
    audience: z.enum(['all', 'shops']),
    shop_ids: z.array(z.string()),
  })
  .refine((n) => n.audience === 'all' || n.shop_ids.length > 0, {
    path: ['shop_ids'],
    message: 'Choose at least one shop',
  })
export type NoticeForm = z.input<typeof NoticeFormSchema>

export async function getNotices(): Promise<Notice[]> {
  const { data, error } = await getSupabase()
    .from('notices')
    .select('id, title, body, audience, shop_ids, published_at, created_at, updated_at')
    .order('created_at', { ascending: false })
  if (error) throw error
  return z.array(NoticeSchema).parse(data)
}

export const getNoticesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'notices'], queryFn: getNotices })

export function useNotices() {
  const query = useQuery(getNoticesQueryOptions())
  const live = useRealtimeRefresh('notices', [['admin', 'notices']])
  return { ...query, live }
}

const ReadershipSchema = z.array(
  z.object({
    notice_id: z.string(),
    read: z.union([z.number(), z.string()]).transform(Number),
    addressed: z.union([z.number(), z.string()]).transform(Number),
  }),
)

/**
 * How many of the tenants a notice reaches have read it, per notice id (RPC `notice_readership`,
 * migration 20261124330000), refreshed live as tenants mark notices read.
 */
export function useNoticeReadership() {
  const query = useQuery({
    queryKey: ['admin', 'notices', 'readership'],
    queryFn: async () => {
      const { data, error } = await getSupabase().rpc('notice_readership')
      if (error) throw error
      return new Map(ReadershipSchema.parse(data).map((r) => [r.notice_id, r]))
    },
  })
  useRealtimeRefresh('notice_receipts', [['admin', 'notices', 'readership']])
  return query
}

/** Creates or changes a notice; `publish` true publishes it now, false takes it off the tenants' dashboards. */
export async function saveNotice(input: {
  id?: string
  form: z.output<typeof NoticeFormSchema>
  publish: boolean
}): Promise<void> {
  const row = {
    title: input.form.title,
    body: input.form.body,
    audience: input.form.audience,
    shop_ids: input.form.audience === 'all' ? [] : input.form.shop_ids,
    published_at: input.publish ? new Date().toISOString() : UNPUBLISHED,
  }
  const table = getSupabase().from('notices')
  const { error } = input.id ? await table.update(row).eq('id', input.id) : await table.insert(row)
  if (error) throw error
}

export async function setPublished(id: string, publish: boolean): Promise<void> {
  const { data, error } = await getSupabase()
    .from('notices')
    .update({ published_at: publish ? new Date().toISOString() : UNPUBLISHED })
    .eq('id', id)
    .select('id')
  if (error) throw error
  if (data.length !== 1) throw new Error('This notice could not be found any more.')
}

export function useNoticeMutations() {
  const client = useQueryClient()
  const done = () => void client.invalidateQueries({ queryKey: ['admin', 'notices'] })
  return {
    save: useMutation({ mutationFn: saveNotice, onSuccess: done }),
    /** Optimistic: the notice shows its new state at once and is put back if the database refuses. */
    publish: useMutation({
      mutationFn: (input: { id: string; publish: boolean }) => setPublished(input.id, input.publish),
      ...optimisticUpdate<Notice[], { id: string; publish: boolean }>(
        client,
        { queryKey: ['admin', 'notices'], exact: true },
        (notices, input) =>
          notices.map((n) =>
            n.id === input.id
              ? { ...n, published_at: input.publish ? new Date().toISOString() : UNPUBLISHED }
              : n,
          ),
        () => undefined,
        ['admin', 'notices'],
      ),
    }),
  }
}
