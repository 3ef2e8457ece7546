import { z } from 'zod'
import { parseObjectName } from './names.ts'

/** The body of `move` and `copy` (supabase-protocol.md §4.5). */
export const TransferSchema = z.object({
  bucketId: z.string().min(1),
  sourceKey: z.string().min(1),
  destinationKey: z.string().min(1),
  destinationBucket: z.string().min(1).optional(),
  copyMetadata: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
})

/** Source and destination of a transfer; the destination bucket defaults to the source's. */
export function transferAddresses(body: z.infer<typeof TransferSchema>) {
  return {
    source: { bucket: body.bucketId, name: parseObjectName(body.sourceKey) },
    destination: {
      bucket: body.destinationBucket ?? body.bucketId,
      name: parseObjectName(body.destinationKey),
    },
  }
}
