import { isCurrent, type WhatsOnItem, WhatsOnItemSchema } from '@genesis/contracts/whats-on'
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { publicRest, publicStorageUrl } from '../../../lib/backend'
import { usePublicLive } from '../../../lib/use-public-live'

export type { WhatsOnItem }

/** The approved events and specials that have not ended, soonest first (issue 18, item 4). */
export async function getWhatsOn(): Promise<WhatsOnItem[]> {
  const { data, error } = await (await publicRest()).from('whats_on').select('*')
  if (error) throw new Error(`Failed to fetch what's on: ${error.message}`)
  return z.array(WhatsOnItemSchema).parse(data)
}

export const WHATS_ON_KEY = ['whats-on'] as const

export const getWhatsOnQueryOptions = () =>
  queryOptions({ queryKey: WHATS_ON_KEY, queryFn: getWhatsOn, staleTime: 60_000 })

/**
 * What's on now and next, kept live (an approval reaches an open page without a reload), and
 * without the items that ended since the page was served (`now`: the page's minute clock).
 */
export function useWhatsOn(now: Date) {
  usePublicLive('whats_on_items', WHATS_ON_KEY)
  const query = useQuery(getWhatsOnQueryOptions())
  return { ...query, data: query.data?.filter((item) => isCurrent(item, now)) }
}

/** Public URL of an item's image (bucket whats-on-images is public). */
export function whatsOnImageUrl(path: string): string {
  return publicStorageUrl('whats-on-images', path)
}
