import { z } from 'zod'
import type { Queryable } from '../../database/types.ts'

/** The stored `metadata` of an object (what supabase/storage keeps there). */
export const ObjectMetadataSchema = z.object({
  eTag: z.string(),
  size: z.number(),
  mimetype: z.string(),
  cacheControl: z.string(),
  lastModified: z.string(),
  contentLength: z.number(),
  httpStatusCode: z.number(),
})
export type ObjectMetadata = z.infer<typeof ObjectMetadataSchema>

/** A `storage.objects` row as `to_jsonb` renders it (ISO timestamps). */
export const ObjectRowSchema = z.object({
  id: z.string(),
  bucket_id: z.string(),
  name: z.string(),
  owner: z.string().nullable(),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_accessed_at: z.string(),
  metadata: ObjectMetadataSchema,
  user_metadata: z.record(z.string(), z.unknown()).nullable(),
  version: z.string(),
  path_tokens: z.array(z.string()).nullable().optional(),
})
export type ObjectRow = z.infer<typeof ObjectRowSchema>

export const BucketRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string().nullable(),
  owner_id: z.string().nullable(),
  public: z.boolean(),
  type: z.string(),
  file_size_limit: z.number().nullable(),
  allowed_mime_types: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type BucketRow = z.infer<typeof BucketRowSchema>

const JsonRows = z.array(z.object({ row: z.unknown() }))

/** Runs a query whose single column `row` is a `to_jsonb(…)` and parses every row. */
export async function jsonRows<T>(
  tx: Queryable,
  schema: z.ZodType<T>,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const { rows } = await tx.query(sql, params)
  return JsonRows.parse(rows).map((r) => schema.parse(r.row))
}

/** Selects object rows with the given `where` clause (parameters `$1…`). */
export function selectObjects(tx: Queryable, where: string, params: unknown[]): Promise<ObjectRow[]> {
  return jsonRows(
    tx,
    ObjectRowSchema,
    `select to_jsonb(o) as row from storage.objects o where ${where}`,
    params,
  )
}

/**
 * The bucket's settings, read as the gateway itself (docs/protocol/storage.md §4.7: existence, public
 * flag and limits are not role-scoped; only object rows are).
 */
export async function bucketSettings(db: Queryable, id: string): Promise<BucketRow | undefined> {
  const [bucket] = await jsonRows(
    db,
    BucketRowSchema,
    'select to_jsonb(b) as row from storage.buckets b where b.id = $1',
    [id],
  )
  return bucket
}
