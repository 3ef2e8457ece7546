import type { Handler } from 'hono'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { ERRORS } from './errors.ts'
import { removeBlobs } from './remove-blobs.ts'

/**
 * `POST /bucket/⟨id⟩/empty`: a bucket-level operation, so the caller must be allowed to change the
 * bucket itself; the objects then go as the caller too. Blobs are deleted after the commit.
 */
export function emptyBucket(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const id = c.req.param('id') ?? ''
    const versions = await asCaller(
      deps.db,
      c.get('caller'),
      async (tx) => {
        const visible = await tx.query('select 1 from storage.buckets where id = $1', [id])
        if (visible.rows.length === 0) throw ERRORS.NoSuchBucket()
        const touched = await tx.query('update storage.buckets set updated_at = now() where id = $1', [id])
        if (touched.affectedRows === 0) throw ERRORS.AccessDenied()
        const { rows } = await tx.query<{ version: string | null }>(
          'delete from storage.objects where bucket_id = $1 returning version',
          [id],
        )
        return rows.map((r) => r.version)
      },
      { request: requestInfo(c) },
    )
    await removeBlobs(deps, versions)
    // supabase/storage's wording (it empties in the background); here the objects are already gone.
    return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' })
  }
}
