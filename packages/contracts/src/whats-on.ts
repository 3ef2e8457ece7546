import * as z from 'zod/mini'
import { formatSastTime } from './power-status.ts'

// zod/mini: parsed on the public pages' first paint (home, /whats-on), decision 019.

/**
 * A row of the view `whats_on` (migration 20261128400100): an approved event of the centre or
 * special of a store, not yet ended.
 */
export const WhatsOnItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['event', 'special']),
  shop_id: z.nullable(z.string()),
  /** The store's name for a special (null for an event, or a store that is not listed). */
  shop_name: z.nullable(z.string()),
  title: z.string(),
  body: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  image_path: z.nullable(z.string()),
  updated_at: z.string(),
})
export type WhatsOnItem = z.infer<typeof WhatsOnItemSchema>

export const WHATS_ON_KIND_LABELS = { event: 'Event', special: 'Special' } as const

/** Whether an item is still to be shown at `now` (the database's read rule, for an open page). */
export function isCurrent(item: Pick<WhatsOnItem, 'ends_at'>, now: Date): boolean {
  return Date.parse(item.ends_at) > now.getTime()
}

/** "Sat 28 Nov 09:00 – 13:00" or "Fri 27 Nov 09:00 – Wed 9 Dec 17:00", in SAST. */
export function formatWhatsOnDates(item: Pick<WhatsOnItem, 'starts_at' | 'ends_at'>): string {
  // Relative to the start, so the start always names its day and the end only when it differs.
  const start = formatSastTime(item.starts_at, new Date(0))
  const end = formatSastTime(item.ends_at, new Date(Date.parse(item.starts_at)))
  return `${start} – ${end}`
}
