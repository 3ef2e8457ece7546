import type { BucketRow, ObjectRow } from './rows.ts'

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
    created_at: row.created_at,
    updated_at: row.updated_at,
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
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_accessed_at: row.last_accessed_at,
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
    last_modified: row.updated_at,
    created_at: row.created_at,
  }
}
