import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { storageFileName, uploadWithProgress } from '../../../lib/upload-with-progress'
import { useRealtimeRefresh } from '../../../lib/use-realtime-refresh'

/**
 * The back office's and the tenant portal's side of what's on: every item the signed-in user may
 * read (RLS: admins all, a tenant their own shop's and the public ones), drafting, submitting,
 * approving and removing. Who may do which is PostgreSQL's decision (migration 20261128400100):
 * a tenant's row can only say draft or submitted, and only admins approve or reject.
 */
export const WHATS_ON_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const
export type WhatsOnStatus = (typeof WHATS_ON_STATUSES)[number]
export const WHATS_ON_STATUS_LABELS: Record<WhatsOnStatus, string> = {
  draft: 'Draft',
  submitted: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
}

const ManagedItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['event', 'special']),
  shop_id: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  image_path: z.string().nullable(),
  status: z.enum(WHATS_ON_STATUSES),
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  shop: z.object({ shop_no: z.string(), trading_name: z.string() }).nullable(),
})
export type ManagedWhatsOnItem = z.infer<typeof ManagedItemSchema>

/** The form both areas use; times are typed as SAST local date-times ("2026-11-28T09:00"). */
export const WhatsOnFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Give it a title').max(120, 'At most 120 characters'),
    body: z.string().trim().min(1, 'Say what it is').max(4000, 'At most 4000 characters'),
    starts: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/, 'Choose when it starts'),
    ends: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/, 'Choose when it ends'),
  })
  .refine((v) => v.ends > v.starts, { path: ['ends'], message: 'It must end after it starts' })
export type WhatsOnForm = z.infer<typeof WhatsOnFormSchema>

/** "2026-11-28T09:00" in SAST (UTC+2, no daylight saving) as an ISO instant, and back. */
export const sastLocalToIso = (local: string) => new Date(`${local}:00+02:00`).toISOString()
export const isoToSastLocal = (iso: string) =>
  new Date(Date.parse(iso) + 2 * 3_600_000).toISOString().slice(0, 16)

const LIST_KEY = ['whats-on-items'] as const

export function useManagedWhatsOn(filter: { shopId?: string; status?: WhatsOnStatus }) {
  const live = useRealtimeRefresh('whats_on_items', [LIST_KEY])
  const query = useQuery({
    queryKey: [...LIST_KEY, filter],
    queryFn: async () => {
      let q = getSupabase()
        .from('whats_on_items')
        .select('*, shop:shops(shop_no, trading_name)')
        .order('created_at', { ascending: false })
        .limit(200)
      if (filter.shopId) q = q.eq('shop_id', filter.shopId)
      if (filter.status) q = q.eq('status', filter.status)
      const { data, error } = await q
      if (error) throw error
      return z.array(ManagedItemSchema).parse(data)
    },
  })
  return { ...query, live }
}

export interface SaveWhatsOnInput {
  id?: string
  kind: 'event' | 'special'
  shopId: string | null
  form: WhatsOnForm
  status: WhatsOnStatus
  image?: File | null
}

async function saveWhatsOnItem(input: SaveWhatsOnInput): Promise<void> {
  let imagePath: string | undefined
  if (input.image) {
    imagePath = `${input.shopId ?? 'centre'}/${storageFileName(input.image.name)}`
    await uploadWithProgress({ bucket: 'whats-on-images', path: imagePath, file: input.image })
  }
  const row = {
    kind: input.kind,
    shop_id: input.shopId,
    title: input.form.title,
    body: input.form.body,
    starts_at: sastLocalToIso(input.form.starts),
    ends_at: sastLocalToIso(input.form.ends),
    status: input.status,
    ...(imagePath ? { image_path: imagePath } : {}),
  }
  const table = getSupabase().from('whats_on_items')
  const { error } = input.id ? await table.update(row).eq('id', input.id) : await table.insert(row)
  if (error) throw error
}

async function reviewWhatsOnItem(input: { id: string; status: WhatsOnStatus; note?: string }): Promise<void> {
  const { data, error } = await getSupabase()
    .from('whats_on_items')
    .update({
      status: input.status,
      ...(input.note !== undefined ? { review_note: input.note || null } : {}),
    })
    .eq('id', input.id)
    .select('id')
  if (error) throw error
  if (!data?.length) throw new Error('You may not change this item (it may have been approved meanwhile).')
}

async function removeWhatsOnItem(id: string): Promise<void> {
  const { data, error } = await getSupabase().from('whats_on_items').delete().eq('id', id).select('id')
  if (error) throw error
  if (!data?.length) throw new Error('You may not remove this item.')
}

export function useWhatsOnMutations() {
  const queryClient = useQueryClient()
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: LIST_KEY })
  return {
    save: useMutation({ mutationFn: saveWhatsOnItem, onSuccess }),
    review: useMutation({ mutationFn: reviewWhatsOnItem, onSuccess }),
    remove: useMutation({ mutationFn: removeWhatsOnItem, onSuccess }),
  }
}
