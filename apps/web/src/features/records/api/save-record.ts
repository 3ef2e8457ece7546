import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'
import type { AnyForm, AnyRow, RecordKind } from './record-kind'

/** Someone else saved the record after it was opened: their version, so nothing is overwritten blindly. */
export class EditConflict<Row> extends Error {
  readonly current: Row | null
  constructor(current: Row | null) {
    super(current ? 'changed' : 'deleted')
    this.current = current
  }
}

export interface SaveInput {
  /** Absent: a new record. */
  id?: string
  /** The `updated_at` of the version the form was opened with: the update applies only to it. */
  updatedAt?: string
  row: Record<string, unknown>
}

/**
 * Inserts or updates a record. An update is conditional on the `updated_at` the form was opened
 * with; when no row matches, the record changed (or went) meanwhile and an EditConflict carries the
 * current version instead of overwriting it.
 */
export async function saveRecord<Row extends AnyRow>(
  kind: RecordKind<Row, AnyForm>,
  input: SaveInput,
): Promise<Row> {
  const table = getSupabase().from(kind.table)
  if (!input.id) {
    const { data, error } = await table.insert(input.row).select(kind.select).single()
    if (error) throw error
    return kind.parse(data)
  }
  const { data, error } = await table
    .update(input.row)
    .eq('id', input.id)
    .eq('updated_at', input.updatedAt ?? '')
    .select(kind.select)
  if (error) throw error
  if (data.length === 1) return kind.parse(data[0])
  const current = await getSupabase().from(kind.table).select(kind.select).eq('id', input.id).maybeSingle()
  if (current.error) throw current.error
  throw new EditConflict(current.data === null ? null : kind.parse(current.data))
}

export function useSaveRecord<Row extends AnyRow>(kind: RecordKind<Row, AnyForm>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: SaveInput) => saveRecord(kind, input),
    onSuccess: (saved: Row) => {
      client.setQueryData(['admin', kind.table, 'one', saved.id], saved)
      void client.invalidateQueries({ queryKey: ['admin', kind.table, 'list'] })
      void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] })
    },
  })
}
