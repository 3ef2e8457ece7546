import type { Handler } from 'hono'
import { z } from 'zod'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { BucketOptionsSchema, bucketChanges } from './bucket-options.ts'
import { ownerOf, type StorageEnv } from './caller.ts'
import { ERRORS, fromDatabaseError, jsonBody } from './errors.ts'
import { parseBucketName } from './names.ts'

const CreateBucketSchema = BucketOptionsSchema.extend({
  id: z.string().optional(),
  name: z.string(),
  type: z.enum(['STANDARD']).optional(),
})

/** `POST /bucket`: a new bucket, if the caller may insert one (admins; the service role). */
export function createBucket(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const body = await jsonBody(c, deps.config, CreateBucketSchema)
    const name = parseBucketName(body.name)
    const id = parseBucketName(body.id ?? name)
    const changes = bucketChanges(body)
    const caller = c.get('caller')
    const { owner, ownerId } = ownerOf(caller)
    try {
      await asCaller(
        deps.db,
        caller,
        (tx) =>
          tx.query(
            `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [
              id,
              name,
              owner,
              ownerId,
              changes.public ?? false,
              changes.fileSizeLimit ?? null,
              changes.allowedMimeTypes ?? null,
            ],
          ),
        { request: requestInfo(c) },
      )
    } catch (error) {
      throw fromDatabaseError(error, { unique: ERRORS.BucketAlreadyExists })
    }
    return c.json({ name: id })
  }
}
