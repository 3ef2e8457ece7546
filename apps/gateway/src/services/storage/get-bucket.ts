import type { Handler } from 'hono'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { ERRORS } from './errors.ts'
import { BucketRowSchema, jsonRows } from './rows.ts'
import { bucketShape } from './shapes.ts'

/** `GET /bucket/⟨id⟩`: one bucket, if the caller may see it. */
export function getBucket(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const id = c.req.param('id') ?? ''
    const [row] = await asCaller(
      deps.db,
      c.get('caller'),
      (tx) =>
        jsonRows(tx, BucketRowSchema, 'select to_jsonb(b) as row from storage.buckets b where b.id = $1', [
          id,
        ]),
      { readOnly: true, request: requestInfo(c) },
    )
    if (!row) throw ERRORS.NoSuchBucket()
    return c.json(bucketShape(row))
  }
}
