import { useMutation, useQueryClient } from '@tanstack/react-query'
import { notify } from '../../../components/ui/toasts'
import { optimisticUpdate } from '../../../lib/optimistic'
import { getSupabase } from '../../../lib/supabase-client'

interface ListPage {
  rows: { id: string; is_published: boolean; updated_at: string }[]
  total: number
}

interface PublishInput {
  id: string
  name: string
  updatedAt: string
  publish: boolean
}

/**
 * Publishes or hides a shop from the shops list, optimistically: every cached page of the list
 * shows the new state at once; if the database refuses (or someone changed the shop meanwhile),
 * the pages are put back as they were and the error says why.
 */
export function usePublishShop() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: PublishInput) => {
      const { data, error } = await getSupabase()
        .from('shops')
        .update({ is_published: input.publish })
        .eq('id', input.id)
        .eq('updated_at', input.updatedAt)
        .select('id')
      if (error) throw error
      if (data.length !== 1)
        throw new Error('Someone else changed this shop meanwhile. The list now shows their version.')
    },
    ...optimisticUpdate<ListPage, PublishInput>(
      client,
      { queryKey: ['admin', 'shops', 'list'] },
      (page, input) => ({
        ...page,
        rows: page.rows.map((r) => (r.id === input.id ? { ...r, is_published: input.publish } : r)),
      }),
      (error, input) =>
        notify.error(`${input.name} was not ${input.publish ? 'published' : 'hidden'}`, {
          description: error.message,
        }),
      ['admin', 'shops'],
    ),
  })
}
