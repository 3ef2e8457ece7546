import type { Handler } from 'hono'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { BucketOptionsSchema, bucketChanges } from './bucket-options.ts'
import type { StorageEnv } from './caller.ts'
import { ERRORS, jsonBody } from './errors.ts'

/** `PUT /bucket/⟨id⟩`: changes public flag and limits; keys left out stay unchanged. */
export function updateBucket(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const id = c.req.param('id') ?? ''
    const changes = bucketChanges(await jsonBody(c, deps.config, BucketOptionsSchema))
    await asCaller(
      deps.db,
      c.get('caller'),
      async (tx) => {
        const visible = await tx.query('select 1 from storage.buckets where id = $1', [id])
        if (visible.rows.length === 0) throw ERRORS.NoSuchBucket()
        const updated = await tx.query(
          `update storage.buckets set
             public = case when $2 then $3 else public end,
             file_size_limit = case when $4 then $5::bigint else file_size_limit end,
             allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end,
             updated_at = now()
           where id = $1`,
          [
            id,
            changes.public !== undefined,
            changes.public ?? false,
            changes.fileSizeLimit !== undefined,
            changes.fileSizeLimit ?? null,
            changes.allowedMimeTypes !== undefined,
            changes.allowedMimeTypes ?? null,
          ],
        )
        // Visible but not updated: the update policy refused it.
        if (updated.affectedRows === 0) throw ERRORS.AccessDenied()
      },
      { request: requestInfo(c) },
    )
    return c.json({ message: 'Successfully updated' })
  }
}
