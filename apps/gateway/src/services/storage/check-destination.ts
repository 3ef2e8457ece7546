import type { Deps } from '../../deps.ts'
import { checkAllowedType } from './content-types.ts'
import { ERRORS } from './errors.ts'
import { bucketSettings, type ObjectRow } from './rows.ts'

/** A move or copy is a write into the destination bucket: its type list and size limit apply. */
export async function checkDestination(deps: Deps, bucketId: string, source: ObjectRow): Promise<void> {
  const bucket = await bucketSettings(deps.db, bucketId)
  if (!bucket) throw ERRORS.NoSuchBucket()
  checkAllowedType(source.metadata.mimetype, bucket.allowed_mime_types)
  const limit = Math.min(
    bucket.file_size_limit ?? Number.POSITIVE_INFINITY,
    deps.config.STORAGE_FILE_SIZE_LIMIT,
  )
  if (source.metadata.size > limit) throw ERRORS.EntityTooLarge()
}
