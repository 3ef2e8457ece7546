import type { BucketRow, ObjectRow } from './rows.ts'

/**
 * A timestamp as supabase/storage writes it: JavaScript's ISO form in UTC with milliseconds
 * (`2026-11-23T19:20:59.123Z`), which is what its database driver's Date objects turn into.
 * Accepts PostgreSQL's text (`2026-11-23 19:20:59.123456+00`) and `to_jsonb`'s form.
 */
export function isoTimestamp(value: string): string {
  const date = new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp: ${value}`)
  return date.toISOString()
}

/** Bucket shape of docs/protocol/storage.md §4.3. */
export function bucketShape(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    owner_id: row.owner_id ?? '',
    public: row.public,
    type: row.type,
    file_size_limit: row.file_size_limit,
    allowed_mime_types: row.allowed_mime_types,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  }
}

/** FileObject of remove replies: the full row (docs/protocol/storage.md §4.5). */
export function fileObjectShape(row: ObjectRow, name = row.name) {
  return {
    name,
    id: row.id,
    bucket_id: row.bucket_id,
    owner: row.owner ?? '',
    owner_id: row.owner_id ?? '',
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
    last_accessed_at: isoTimestamp(row.last_accessed_at),
    metadata: row.metadata,
    user_metadata: row.user_metadata ?? {},
    version: row.version,
  }
}

/** `GET /object/info/…` (snake_case on the wire; the client camel-cases it). */
export function infoShape(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata.size,
    content_type: row.metadata.mimetype,
    cache_control: row.metadata.cacheControl,
    etag: row.metadata.eTag,
    metadata: row.user_metadata ?? {},
    last_modified: isoTimestamp(row.updated_at),
    created_at: isoTimestamp(row.created_at),
  }
}
