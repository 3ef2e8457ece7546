import { useMutation, useQueryClient } from '@tanstack/react-query'
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

export function useDeleteRecord<Row extends AnyRow>(kind: RecordKind<Row, AnyForm>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteRecord(kind, id),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: ['admin', kind.table, 'one', id] })
      void client.invalidateQueries({ queryKey: ['admin', kind.table, 'list'] })
      void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] })
    },
  })
}
