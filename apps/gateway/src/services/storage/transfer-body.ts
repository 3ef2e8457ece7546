import { z } from 'zod'

/** The body of `move` and `copy` (supabase-protocol.md §4.5). */
export const TransferSchema = z.object({
  bucketId: z.string().min(1),
  sourceKey: z.string().min(1),
  destinationKey: z.string().min(1),
  destinationBucket: z.string().min(1).optional(),
  copyMetadata: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
})
