import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'
import type { AnyForm, AnyRow, RecordKind } from './record-kind'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One record by id; null when there is none (an unknown or malformed id is a not-found, not an error). */
export async function getRecord<Row extends AnyRow>(
  kind: RecordKind<Row, AnyForm>,
  id: string,
): Promise<Row | null> {
  if (!UUID.test(id)) return null
  const { data, error } = await getSupabase().from(kind.table).select(kind.select).eq('id', id).maybeSingle()
  if (error) throw error
  return data === null ? null : kind.parse(data)
}

export const getRecordQueryOptions = <Row extends AnyRow>(kind: RecordKind<Row, AnyForm>, id: string) =>
  queryOptions({ queryKey: ['admin', kind.table, 'one', id], queryFn: () => getRecord(kind, id) })

export function useRecord<Row extends AnyRow>(kind: RecordKind<Row, AnyForm>, id: string | undefined) {
  return useQuery({ ...getRecordQueryOptions(kind, id ?? ''), enabled: Boolean(id) })
}
