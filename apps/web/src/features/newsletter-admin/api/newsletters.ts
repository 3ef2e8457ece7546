import type { NewsletterDraft } from '@genesis/contracts/newsletter-draft'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { pageRange, type SortDir, searchTerm } from '../../../lib/use-list-params'
import { type LiveState, useRealtimeRefresh } from '../../../lib/use-realtime-refresh'

/**
 * The back office's newsletters (issue 14): issues with their delivery counts, one issue with its
 * recipients, and what an admin does with them. Every rule is the database's (migration
 * 20261124600000): RLS lets only admins with their second factor read or write, a started issue
 * cannot change, and sending goes through `public.send_newsletter`.
 */
export const NewsletterStatusSchema = z.enum(['draft', 'scheduled', 'sending', 'sent'])
export type NewsletterStatus = z.infer<typeof NewsletterStatusSchema>

const ProgressSchema = z.object({
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  total: z.number(),
})
export type Progress = z.infer<typeof ProgressSchema>
const NO_PROGRESS: Progress = { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0, total: 0 }

export const NewsletterSchema = z.object({
  id: z.string(),
  subject: z.string(),
  preheader: z.string(),
  body: z.string(),
  status: NewsletterStatusSchema,
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  last_test_sent_at: z.string().nullable(),
  recipient_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Newsletter = z.infer<typeof NewsletterSchema> & { progress: Progress }

const COLUMNS =
  'id, subject, preheader, body, status, scheduled_at, started_at, sent_at, last_test_sent_at, recipient_count, created_at, updated_at'

async function progressOf(ids: string[]): Promise<Map<string, Progress>> {
  if (ids.length === 0) return new Map()
  const { data, error } = await getSupabase()
    .from('newsletter_progress')
    .select('newsletter_id, queued, sending, sent, failed, skipped, total')
    .in('newsletter_id', ids)
  if (error) throw error
  return new Map((data ?? []).map((row) => [String(row.newsletter_id), ProgressSchema.parse(row)] as const))
}

export async function listNewsletters(): Promise<Newsletter[]> {
  const { data, error } = await getSupabase()
    .from('newsletters')
    .select(COLUMNS)
    .order('created_at', { ascending: false })
  if (error) throw error
  const rows = z.array(NewsletterSchema).parse(data)
  const progress = await progressOf(rows.map((r) => r.id))
  return rows.map((r) => ({ ...r, progress: progress.get(r.id) ?? NO_PROGRESS }))
}

const isBusy = (n: Pick<Newsletter, 'status'>) => n.status === 'sending'
/**
 * While an issue sends, the worker touches its row after each batch (migration 20261127200200) and
 * realtime brings that change here, so the counts are read again as they move. Only while the
 * realtime channel is not live are they polled instead, every two seconds.
 */
const POLL_MS = 2000
const NEWSLETTERS_KEY = ['admin', 'newsletters'] as const

/**
 * Reads the newsletters' queries (counts, recipients) again whenever an issue's row changes, and
 * once when the channel becomes live: what changed while it was connecting is not replayed.
 */
function useLiveNewsletters(): LiveState {
  const client = useQueryClient()
  const live = useRealtimeRefresh('newsletters', [NEWSLETTERS_KEY])
  useEffect(() => {
    if (live === 'live') void client.invalidateQueries({ queryKey: NEWSLETTERS_KEY })
  }, [live, client])
  return live
}

export function useNewsletters() {
  const live = useLiveNewsletters()
  const query = useQuery({
    queryKey: NEWSLETTERS_KEY,
    queryFn: listNewsletters,
    refetchInterval: (q) => (live !== 'live' && q.state.data?.some(isBusy) ? POLL_MS : false),
  })
  return { ...query, live }
}

export class NewsletterNotFound extends Error {
  constructor() {
    super('This newsletter does not exist (any more).')
  }
}

export async function getNewsletter(id: string): Promise<Newsletter> {
  const { data, error } = await getSupabase().from('newsletters').select(COLUMNS).eq('id', id).maybeSingle()
  if (error) throw error
  if (!data) throw new NewsletterNotFound()
  const row = NewsletterSchema.parse(data)
  const progress = await progressOf([id])
  return { ...row, progress: progress.get(id) ?? NO_PROGRESS }
}

export const newsletterQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...NEWSLETTERS_KEY, id],
    queryFn: () => getNewsletter(id),
    retry: (count, error) => !(error instanceof NewsletterNotFound) && count < 2,
  })

export function useNewsletter(id: string | undefined) {
  const live = useLiveNewsletters()
  const query = useQuery({
    ...newsletterQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (q) => (live !== 'live' && q.state.data && isBusy(q.state.data) ? POLL_MS : false),
  })
  return { ...query, live }
}

export const DeliverySchema = z.object({
  id: z.string(),
  /** Null once the address was erased (the row keeps its hash only, decision 020). */
  email: z.string().nullable(),
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'skipped']),
  attempts: z.number(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  updated_at: z.string(),
})
export type Delivery = z.infer<typeof DeliverySchema>
export const DELIVERIES_PAGE_SIZE = 25

/**
 * One page of an issue's recipients. `version` changes whenever the counts do (read again
 * as realtime announces progress while it sends), so the page is read again when something moved.
 */
export function useDeliveries(newsletterId: string, status: string, page: number, version: string) {
  return useQuery({
    queryKey: ['admin', 'newsletters', newsletterId, 'deliveries', status, page, version],
    queryFn: async () => {
      const { from, to } = pageRange(page, DELIVERIES_PAGE_SIZE)
      let request = getSupabase()
        .from('newsletter_deliveries')
        .select('id, email, status, attempts, sent_at, error, updated_at', { count: 'exact' })
        .eq('newsletter_id', newsletterId)
      if (status) request = request.eq('status', status)
      const { data, error, count } = await request
        .order('updated_at', { ascending: false })
        .order('id')
        .range(from, to)
      if (error) throw error
      return { rows: z.array(DeliverySchema).parse(data), total: count ?? 0 }
    },
    placeholderData: keepPreviousData,
  })
}

/** What the database says when it refuses, in words for the person who clicked. */
function explain(error: { code?: string; message?: string }): Error {
  if (error.code === '42501' && /sent/.test(error.message ?? '')) return new Error(error.message)
  if (error.code === '42501')
    return new Error('You need to be signed in as centre management with your second factor.')
  return new Error(error.message ?? 'Something went wrong')
}

export async function saveDraft(input: { id?: string; draft: NewsletterDraft }): Promise<string> {
  const row = { subject: input.draft.subject, preheader: input.draft.preheader, body: input.draft.body }
  const table = getSupabase().from('newsletters')
  if (input.id) {
    const { data, error } = await table.update(row).eq('id', input.id).select('id')
    if (error) throw explain(error)
    if (data?.length !== 1) throw new NewsletterNotFound()
    return input.id
  }
  const { data, error } = await table.insert(row).select('id').single()
  if (error) throw explain(error)
  return String(data.id)
}

export async function schedule(id: string, at: Date | null): Promise<void> {
  const { error } = await getSupabase()
    .from('newsletters')
    .update(
      at ? { status: 'scheduled', scheduled_at: at.toISOString() } : { status: 'draft', scheduled_at: null },
    )
    .eq('id', id)
  if (error) throw explain(error)
}

export async function sendNow(id: string): Promise<number> {
  const { data, error } = await getSupabase().rpc('send_newsletter', { target: id })
  if (error) throw explain(error)
  return Number(data)
}

export async function retryFailed(id: string): Promise<number> {
  const { data, error } = await getSupabase().rpc('retry_failed_newsletter_deliveries', { target: id })
  if (error) throw explain(error)
  return Number(data)
}

export async function sendTest(id: string): Promise<string> {
  const { data, error } = await getSupabase().functions.invoke('newsletter-test-send', {
    body: { newsletter_id: id },
  })
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => ({}))) as {
        error?: string
        provider_error?: string
      }
      throw new Error(
        body.provider_error
          ? `${body.error}: ${body.provider_error}`
          : (body.error ?? 'The test could not be sent'),
      )
    }
    throw error
  }
  return String((data as { sent_to: string }).sent_to)
}

export function useNewsletterMutations() {
  const client = useQueryClient()
  const done = () => void client.invalidateQueries({ queryKey: ['admin', 'newsletters'] })
  return {
    save: useMutation({ mutationFn: saveDraft, onSuccess: done }),
    schedule: useMutation({
      mutationFn: (v: { id: string; at: Date | null }) => schedule(v.id, v.at),
      onSuccess: done,
    }),
    sendNow: useMutation({ mutationFn: sendNow, onSuccess: done }),
    retryFailed: useMutation({ mutationFn: retryFailed, onSuccess: done }),
    sendTest: useMutation({ mutationFn: sendTest, onSuccess: done }),
  }
}

/** How many addresses a send would reach now (confirmed and subscribed). */
export function useSendableCount() {
  return useQuery({
    queryKey: ['admin', 'newsletter_subscribers', 'sendable'],
    queryFn: async () => {
      const { count, error } = await getSupabase()
        .from('newsletter_subscribers')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'subscribed')
        .not('confirmed_at', 'is', null)
      if (error) throw error
      return count ?? 0
    },
  })
}

// ---------------------------------------------------------------------------------------------
// Subscribers and their consent
// ---------------------------------------------------------------------------------------------

export const SubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'subscribed', 'unsubscribed']),
  source: z.string(),
  consented_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
})
export type Subscriber = z.infer<typeof SubscriberSchema>
export const SUBSCRIBERS_PAGE_SIZE = 20
export const SUBSCRIBER_SORTS = ['email', 'status', 'consented_at'] as const
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number]

export interface SubscribersQuery {
  q: string
  status: string
  sort: SubscriberSort
  dir: SortDir
}

function subscribersRequest(query: SubscribersQuery, count?: 'exact') {
  let request = getSupabase()
    .from('newsletter_subscribers')
    .select(
      'id, email, status, source, consented_at, confirmed_at, unsubscribed_at',
      count ? { count } : undefined,
    )
  const term = searchTerm(query.q)
  if (term) request = request.ilike('email', `*${term}*`)
  if (query.status) request = request.eq('status', query.status)
  return request.order(query.sort, { ascending: query.dir === 'asc' }).order('id')
}

export function useSubscribers(query: SubscribersQuery & { page: number }) {
  return useQuery({
    queryKey: ['admin', 'newsletter_subscribers', 'list', query],
    queryFn: async () => {
      const { from, to } = pageRange(query.page, SUBSCRIBERS_PAGE_SIZE)
      const { data, error, count } = await subscribersRequest(query, 'exact').range(from, to)
      if (error) throw error
      return { rows: z.array(SubscriberSchema).parse(data), total: count ?? 0 }
    },
    placeholderData: keepPreviousData,
  })
}

export const ConsentEventSchema = z.object({
  id: z.number(),
  subscriber_id: z.string(),
  /** Null once the address was erased (the entry keeps its hash only, decision 020). */
  email: z.string().nullable(),
  event: z.enum(['opt_in_requested', 'opt_in_confirmed', 'opt_out']),
  source: z.string(),
  wording: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  recorded_by: z.string().nullable(),
  occurred_at: z.string(),
})
export type ConsentEvent = z.infer<typeof ConsentEventSchema>
const CONSENT_COLUMNS =
  'id, subscriber_id, email, event, source, wording, ip_address, user_agent, recorded_by, occurred_at'

export function useConsentHistory(subscriberId: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'newsletter_consent_events', subscriberId],
    enabled: Boolean(subscriberId),
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .from('newsletter_consent_events')
        .select(CONSENT_COLUMNS)
        .eq('subscriber_id', subscriberId ?? '')
        .order('occurred_at')
        .order('id')
      if (error) throw error
      return z.array(ConsentEventSchema).parse(data)
    },
  })
}

/** Everyone matching the list's search and filter, with their consent history, for the CSV export. */
export async function subscribersForExport(
  query: SubscribersQuery,
): Promise<{ subscribers: Subscriber[]; events: ConsentEvent[] }> {
  const subscribers: Subscriber[] = []
  const PAGE = 1000
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await subscribersRequest(query).range(from, from + PAGE - 1)
    if (error) throw error
    subscribers.push(...z.array(SubscriberSchema).parse(data))
    if ((data ?? []).length < PAGE) break
  }
  const events: ConsentEvent[] = []
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await getSupabase()
      .from('newsletter_consent_events')
      .select(CONSENT_COLUMNS)
      .order('id')
      .range(from, from + PAGE - 1)
    if (error) throw error
    events.push(...z.array(ConsentEventSchema).parse(data))
    if ((data ?? []).length < PAGE) break
  }
  const wanted = new Set(subscribers.map((s) => s.id))
  return { subscribers, events: events.filter((e) => wanted.has(e.subscriber_id)) }
}

export async function unsubscribeOnRequest(id: string): Promise<void> {
  const { data, error } = await getSupabase()
    .from('newsletter_subscribers')
    .update({ status: 'unsubscribed' })
    .eq('id', id)
    .neq('status', 'unsubscribed')
    .select('id')
  if (error) throw explain(error)
  if (data?.length !== 1) throw new Error('This address was already unsubscribed.')
}

export function useUnsubscribeOnRequest() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: unsubscribeOnRequest,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'newsletter_subscribers'] })
      void client.invalidateQueries({ queryKey: ['admin', 'newsletter_consent_events'] })
    },
  })
}
