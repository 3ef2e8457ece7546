import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'
import { pageRange, type SortDir, searchTerm } from '../../../lib/use-list-params'

const Json = z
  .unknown()
  .transform((v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null))

export const AuditEntrySchema = z.object({
  id: z.number(),
  occurred_at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string(),
  table_name: z.string(),
  record_id: z.string().nullable(),
  action: z.enum(['insert', 'update', 'delete']),
  old_data: Json,
  new_data: Json,
  changed_fields: z.array(z.string()),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AUDIT_SORTS = ['occurred_at', 'table_name', 'actor_email'] as const
export type AuditSort = (typeof AUDIT_SORTS)[number]
export const AUDIT_PAGE_SIZE = 25

export interface AuditQuery {
  /** Free text: a person's e-mail or a record id. */
  q: string
  table: string
  action: string
  sort: AuditSort
  dir: SortDir
  page: number
}

/**
 * One page of the audit trail, newest first unless sorted otherwise, with the exact total
 * (REST `Range` and `Prefer: count=exact`). RLS shows it to admins with their second factor only.
 */
export async function getAuditEntries(query: AuditQuery): Promise<{ rows: AuditEntry[]; total: number }> {
  const { from, to } = pageRange(query.page, AUDIT_PAGE_SIZE)
  let request = getSupabase().from('audit_log').select('*', { count: 'exact' })
  if (query.table) request = request.eq('table_name', query.table)
  if (query.action) request = request.eq('action', query.action)
  const term = searchTerm(query.q)
  if (term) request = request.or(`actor_email.ilike.*${term}*,record_id.ilike.*${term}*`)
  const { data, error, count } = await request
    .order(query.sort, { ascending: query.dir === 'asc' })
    .order('id', { ascending: query.dir === 'asc' })
    .range(from, to)
  if (error) throw error
  return { rows: z.array(AuditEntrySchema).parse(data), total: count ?? 0 }
}

export const getAuditEntriesQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['admin', 'audit', query],
    queryFn: () => getAuditEntries(query),
    placeholderData: keepPreviousData,
  })

export function useAuditEntries(query: AuditQuery) {
  return useQuery(getAuditEntriesQueryOptions(query))
}
