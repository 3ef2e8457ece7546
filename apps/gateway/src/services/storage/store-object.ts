import { randomUUID } from 'node:crypto'
import { BlobTooLargeError } from '../../blob-store/blob-store.ts'
import { asCaller, type Caller, type RequestInfo } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { checkMayWrite } from './check-may-write.ts'
import { checkAllowedType, matchesSignature, SIGNATURE_BYTES } from './content-types.ts'
import { ERRORS, fromDatabaseError } from './errors.ts'
import type { UploadBody } from './read-upload-body.ts'
import { removeBlobs } from './remove-blobs.ts'
import { bucketSettings, type ObjectMetadata } from './rows.ts'

/**
 * Passes the bytes on while checking the file's leading bytes against its declared type as soon
 * as enough have arrived; a failing source becomes a clear "interrupted" error.
 */
async function* checkedBytes(source: AsyncIterable<Uint8Array>, contentType: string) {
  const iterator = source[Symbol.asyncIterator]()
  let head = new Uint8Array(0)
  let checked = false
  let finished = false
  const check = () => {
    checked = true
    if (!matchesSignature(contentType, head)) throw ERRORS.ContentMismatch(contentType)
  }
  try {
    while (true) {
      let step: IteratorResult<Uint8Array>
      try {
        step = await iterator.next()
      } catch {
        throw ERRORS.InvalidRequest('The upload was interrupted before it completed')
      }
      if (step.done) {
        finished = true
        break
      }
      const chunk = step.value
      if (!checked) {
        const joined = new Uint8Array(head.length + chunk.length)
        joined.set(head)
        joined.set(chunk, head.length)
        head = joined.subarray(0, SIGNATURE_BYTES)
        if (head.length >= SIGNATURE_BYTES) check()
      }
      yield chunk
    }
    if (!checked) check()
  } finally {
    // Stop reading the request when the blob store gave up (too large, wrong type).
    if (!finished) await iterator.return?.()
  }
}

export interface StoreObjectInput {
  /** The role the metadata row is written as (RLS decides), or the service role for signed uploads. */
  caller: Caller
  request: RequestInfo
  bucketId: string
  name: string
  body: UploadBody
  upsert: boolean
  owner: string | null
  ownerId: string | null
}

const INSERT = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7)
  returning id, null::text as previous_version`

// The CTE reads the row being replaced as the caller, so its blob can be deleted after commit.
const UPSERT = `with previous as (
    select version from storage.objects where bucket_id = $1 and name = $2
  )
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7)
  on conflict (bucket_id, name) do update set
    owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
    user_metadata = excluded.user_metadata, version = excluded.version,
    updated_at = now(), last_accessed_at = now()
  returning id, (select version from previous) as previous_version`

/**
 * The write path of every upload: bucket rules and the caller's right to write first, then the
 * bytes into a new blob (size and
 * type enforced while streaming), then the metadata row as the caller. The blob is keyed by a
 * fresh version id, so nothing is visible until the row commits; if the row is refused the blob is
 * removed, and a replaced blob is removed only after the commit.
 */
export async function storeObject(deps: Deps, input: StoreObjectInput): Promise<{ id: string }> {
  const bucket = await bucketSettings(deps.db, input.bucketId)
  if (!bucket) throw ERRORS.NoSuchBucket()
  const { body } = input
  checkAllowedType(body.contentType, bucket.allowed_mime_types)
  const maxBytes = Math.min(
    bucket.file_size_limit ?? Number.POSITIVE_INFINITY,
    deps.config.STORAGE_FILE_SIZE_LIMIT,
  )
  if (body.declaredLength !== undefined && body.declaredLength > maxBytes) throw ERRORS.EntityTooLarge()
  // Before any byte goes to disk, ask whether this caller may write here at all, so a refused
  // caller cannot make the server store (and then discard) up to the bucket limit. The service
  // role bypasses RLS, so the question has no other answer for it.
  if (input.caller.role !== 'service_role') await checkMayWrite(deps, input)

  const version = randomUUID()
  let stored: { size: number; md5: string }
  try {
    stored = await deps.blobStore.put(version, checkedBytes(body.bytes, body.contentType), { maxBytes })
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw ERRORS.EntityTooLarge()
    throw error
  }

  const metadata: ObjectMetadata = {
    eTag: `"${stored.md5}"`,
    size: stored.size,
    mimetype: body.contentType,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: stored.size,
    httpStatusCode: 200,
  }
  let result: { id: string; previousVersion: string | null }
  try {
    result = await asCaller(
      deps.db,
      input.caller,
      async (tx) => {
        const { rows } = await tx.query<{ id: string; previous_version: string | null }>(
          input.upsert ? UPSERT : INSERT,
          [
            input.bucketId,
            input.name,
            input.owner,
            input.ownerId,
            JSON.stringify(metadata),
            input.body.userMetadata === null ? null : JSON.stringify(input.body.userMetadata),
            version,
          ],
        )
        return { id: rows[0].id, previousVersion: rows[0].previous_version }
      },
      { request: input.request },
    )
  } catch (error) {
    await deps.blobStore.delete(version)
    throw fromDatabaseError(error, { unique: ERRORS.KeyAlreadyExists, foreignKey: ERRORS.NoSuchBucket })
  }
  if (result.previousVersion && result.previousVersion !== version) {
    await removeBlobs(deps, [result.previousVersion])
  }
  return { id: result.id }
}
