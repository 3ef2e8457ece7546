import { z } from 'zod'
import { parseAllowedTypes } from './content-types.ts'
import { parseFileSizeLimit } from './file-size-limit.ts'

/** The settings a create/update body may carry (docs/protocol/storage.md §4.4); absent keys stay as they are. */
export const BucketOptionsSchema = z.object({
  public: z.boolean().optional(),
  file_size_limit: z.union([z.number(), z.string(), z.null()]).optional(),
  allowed_mime_types: z.array(z.string().max(255)).max(100).nullable().optional(),
})

export interface BucketChanges {
  public?: boolean
  fileSizeLimit?: number | null
  allowedMimeTypes?: string[] | null
}

export function bucketChanges(options: z.infer<typeof BucketOptionsSchema>): BucketChanges {
  return {
    public: options.public,
    fileSizeLimit:
      options.file_size_limit === undefined ? undefined : parseFileSizeLimit(options.file_size_limit),
    allowedMimeTypes:
      options.allowed_mime_types === undefined
        ? undefined
        : options.allowed_mime_types === null || options.allowed_mime_types.length === 0
          ? null
          : parseAllowedTypes(options.allowed_mime_types),
  }
}
