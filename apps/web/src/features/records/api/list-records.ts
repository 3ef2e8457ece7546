import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'
import { pageRange, type SortDir, searchTerm } from '../../../lib/use-list-params'
import type { AnyForm, AnyRow, RecordKind } from './record-kind'

export const RECORDS_PAGE_SIZE = 20

export interface RecordsQuery {
  q: string
  sort: string
  dir: SortDir
  page: number
}

/**
 * One page of a kind of record: searched with `ilike` on its search columns, sorted, ranged, with
 * the exact total (REST `Range` and `Prefer: count=exact`), so the pager never guesses.
 */
export async function listRecords<Row extends AnyRow>(
  kind: RecordKind<Row, AnyForm>,
  query: RecordsQuery,
): Promise<{ rows: Row[]; total: number }> {
  const { from, to } = pageRange(query.page, RECORDS_PAGE_SIZE)
  let request = getSupabase().from(kind.table).select(kind.select, { count: 'exact' })
  const term = searchTerm(query.q)
  if (term) request = request.or(kind.searchColumns.map((c) => `${c}.ilike.*${term}*`).join(','))
  const { data, error, count } = await request
    .order(query.sort, { ascending: query.dir === 'asc' })
    .order('id')
    .range(from, to)
  if (error) throw error
  return { rows: (data as unknown[]).map((r) => kind.parse(r)), total: count ?? 0 }
}

export const listRecordsQueryOptions = <Row extends AnyRow>(
  kind: RecordKind<Row, AnyForm>,
  query: RecordsQuery,
) =>
  queryOptions({
    queryKey: ['admin', kind.table, 'list', query],
    queryFn: () => listRecords(kind, query),
    placeholderData: keepPreviousData,
  })

export function useRecords<Row extends AnyRow>(kind: RecordKind<Row, AnyForm>, query: RecordsQuery) {
  return useQuery(listRecordsQueryOptions(kind, query))
}
