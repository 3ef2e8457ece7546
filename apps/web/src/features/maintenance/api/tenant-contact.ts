import type { MaintenanceCommentInput } from '@genesis/contracts/maintenance-input'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { useRealtimeRefresh } from '../../../lib/use-realtime-refresh'

/**
 * The back office's side of talking to a tenant about a request (issue 13, item 6): the e-mail
 * about a status change (function `maintenance-status-mail`, outcome recorded on the change) and
 * the comment thread, shared live with the tenant portal.
 */

/** E-mails the tenant about the latest status change of a request; rejects with why it failed. */
export async function sendStatusMail(requestId: string): Promise<void> {
  const { error } = await getSupabase().functions.invoke('maintenance-status-mail', {
    body: { request_id: requestId },
  })
  if (!error) return
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => ({}))) as {
      error?: string
      provider_error?: string
    }
    throw new Error(
      body.provider_error ? `${body.error}: ${body.provider_error}` : (body.error ?? error.message),
    )
  }
  throw error
}

const LatestChangeSchema = z.object({
  status: z.string(),
  created_at: z.string(),
  email_status: z.enum(['sent', 'failed']).nullable(),
  email_error: z.string().nullable(),
  emailed_at: z.string().nullable(),
})
export type LatestChange = z.infer<typeof LatestChangeSchema>

const changeKey = (requestId: string) => ['admin', 'maintenance', 'latest-change', requestId] as const

/** The request's latest status change and whether its e-mail went out. */
export function useLatestChange(requestId: string) {
  return useQuery({
    queryKey: changeKey(requestId),
    queryFn: async (): Promise<LatestChange | null> => {
      const { data, error } = await getSupabase()
        .from('maintenance_request_events')
        .select('status, created_at, email_status, email_error, emailed_at')
        .eq('request_id', requestId)
        .order('created_at', { ascending: false })
        .limit(1)
      if (error) throw error
      return data[0] ? LatestChangeSchema.parse(data[0]) : null
    },
  })
}

export function useSendStatusMail(requestId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => sendStatusMail(requestId),
    onSettled: () => void client.invalidateQueries({ queryKey: changeKey(requestId) }),
  })
}

const CommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  author_role: z.enum(['tenant', 'admin']),
  created_at: z.string(),
})
export type RequestComment = z.infer<typeof CommentSchema>

const commentsKey = (requestId: string) => ['admin', 'maintenance', 'comments', requestId] as const

/** The comments on a request, oldest first, refreshed live when either side writes. */
export function useRequestComments(requestId: string) {
  const live = useRealtimeRefresh('maintenance_comments', [commentsKey(requestId)])
  const query = useQuery({
    queryKey: commentsKey(requestId),
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .from('maintenance_comments')
        .select('id, body, author_role, created_at')
        .eq('request_id', requestId)
        .order('created_at', { ascending: true })
      if (error) throw error
      return z.array(CommentSchema).parse(data)
    },
  })
  return { ...query, live }
}

/** Adds centre management's comment (the database records the author and their role). */
export function useAddRequestComment(requestId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: MaintenanceCommentInput) => {
      const { error } = await getSupabase()
        .from('maintenance_comments')
        .insert({ request_id: requestId, body: input.body })
      if (error) throw error
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: commentsKey(requestId) }),
  })
}
