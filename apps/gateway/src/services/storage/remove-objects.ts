import type { Handler } from 'hono'
import { z } from 'zod'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { jsonBody } from './errors.ts'
import { bucketAddress } from './names.ts'
import { removeBlobs } from './remove-blobs.ts'
import { jsonRows, ObjectRowSchema } from './rows.ts'
import { fileObjectShape } from './shapes.ts'

const PathEntry = z.union([
  z.string().min(1).max(1024),
  z.object({ path: z.string().min(1).max(1024), versionId: z.string().optional() }).transform((e) => e.path),
])
const RemoveSchema = z.object({ prefixes: z.array(PathEntry).min(1).max(1000) })

/**
 * `DELETE /object/⟨bucket⟩` with `{prefixes}`: deletes what the caller may delete and returns
 * those rows; missing or hidden paths are silently absent. Blobs go only after the commit.
 */
export function removeObjects(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const bucket = bucketAddress(c)
    const { prefixes } = await jsonBody(c, deps.config, RemoveSchema)
    const names = prefixes.map((p) => p.normalize('NFC'))
    const deleted = await asCaller(
      deps.db,
      c.get('caller'),
      (tx) =>
        jsonRows(
          tx,
          ObjectRowSchema,
          `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[])
           returning to_jsonb(o) as row`,
          [bucket, names],
        ),
      { request: requestInfo(c) },
    )
    await removeBlobs(
      deps,
      deleted.map((o) => o.version),
    )
    return c.json(deleted.map((o) => fileObjectShape(o)))
  }
}
