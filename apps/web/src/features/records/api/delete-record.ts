import { useMutation, useQueryClient } from '@tanstack/react-query'
import { optimisticUpdate } from '../../../lib/optimistic'
import { getSupabase } from '../../../lib/supabase-client'
import type { AnyForm, AnyRow, RecordKind } from './record-kind'

/** Deletes one record; a record that was already gone counts as deleted. */
export async function deleteRecord<Row extends AnyRow>(
  kind: RecordKind<Row, AnyForm>,
  id: string,
): Promise<void> {
  const { error } = await getSupabase().from(kind.table).delete().eq('id', id)
  if (error) throw error
}

/**
 * Deletes a record optimistically: it leaves every cached page of its list at once and comes back
 * where it was if the database refuses (a shop a tenant still occupies); the caller says why.
 */
export function useDeleteRecord<Row extends AnyRow>(kind: RecordKind<Row, AnyForm>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteRecord(kind, id),
    ...optimisticUpdate<{ rows: Row[]; total: number }, string>(
      client,
      { queryKey: ['admin', kind.table, 'list'] },
      (page, id) =>
        page.rows.some((r) => r.id === id)
          ? { rows: page.rows.filter((r) => r.id !== id), total: Math.max(0, page.total - 1) }
          : page,
      () => undefined,
    ),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: ['admin', kind.table, 'one', id] })
      void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] })
    },
  })
}
