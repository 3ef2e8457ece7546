import type { Handler } from 'hono'
import { z } from 'zod'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { ERRORS } from './errors.ts'
import { BucketRowSchema, jsonRows } from './rows.ts'
import { bucketShape } from './shapes.ts'

const QuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().max(100).optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
})

/** `GET /bucket`: the buckets the caller may see (RLS on storage.buckets). */
export function listBuckets(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const parsed = QuerySchema.safeParse(c.req.query())
    if (!parsed.success) throw ERRORS.InvalidRequest(parsed.error.issues[0].message)
    const q = parsed.data
    // sortColumn and sortOrder come from closed enums, so they may be spliced in.
    const rows = await asCaller(
      deps.db,
      c.get('caller'),
      (tx) =>
        jsonRows(
          tx,
          BucketRowSchema,
          `select to_jsonb(b) as row from storage.buckets b
           where $1::text is null or strpos(lower(b.name), lower($1)) > 0
           order by b.${q.sortColumn} ${q.sortOrder}, b.id
           limit $2 offset $3`,
          [q.search ?? null, q.limit ?? null, q.offset ?? 0],
        ),
      { readOnly: true, request: requestInfo(c) },
    )
    return c.json(rows.map(bucketShape))
  }
}
