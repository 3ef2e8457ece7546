import { randomUUID } from 'node:crypto'
import { BlobTooLargeError } from '../../blob-store/blob-store.ts'
import { asCaller, type Caller, type RequestInfo, SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { ownerOf } from './caller.ts'
import { checkDestination } from './check-destination.ts'
import { checkMayWrite } from './check-may-write.ts'
import { checkAllowedType } from './content-types.ts'
import { ERRORS, fromDatabaseError } from './errors.ts'
import { findObject } from './find-object.ts'
import { inspectContent } from './inspect-content.ts'
import type { UploadBody } from './read-upload-body.ts'
import { removeBlobs } from './remove-blobs.ts'
import { bucketSettings, type ObjectMetadata } from './rows.ts'

/*
 * The storage domain: every way an object comes to exist or moves, between the HTTP routes (which
 * only read requests and shape replies) and the blob store. Server-side code (demo seeding,
 * generated documents, backups) calls `putObject` to store a file the same way an upload does,
 * rows and blobs kept in step, without going through HTTP.
 */

/**
 * Passes the bytes on while checking them against their declared type (inspect-content.ts) as
 * they arrive; a failing source becomes a clear "interrupted" error.
 */
async function* checkedBytes(source: AsyncIterable<Uint8Array>, contentType: string) {
  const iterator = source[Symbol.asyncIterator]()
  const inspector = inspectContent(contentType)
  let finished = false
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
      inspector.feed(step.value)
      yield step.value
    }
    inspector.end()
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

export interface PutObjectInput {
  bucketId: string
  name: string
  bytes: Uint8Array | AsyncIterable<Uint8Array>
  contentType: string
  cacheControl?: string
  userMetadata?: Record<string, unknown> | null
  upsert?: boolean
  /** Whose write it is (RLS decides); the service role by default, as server-side code acts. */
  caller?: Caller
}

/**
 * Stores one object from server-side code: the same checks, blob and row as an upload
 * (bucket type list and size limit, content sniffing, blob removed if the row is refused).
 */
export function putObject(deps: Deps, input: PutObjectInput): Promise<{ id: string }> {
  const caller = input.caller ?? SERVICE_ROLE
  const { bytes } = input
  const iterable: AsyncIterable<Uint8Array> =
    bytes instanceof Uint8Array
      ? (async function* () {
          yield bytes
        })()
      : bytes
  return storeObject(deps, {
    caller,
    request: {},
    bucketId: input.bucketId,
    name: input.name,
    body: {
      contentType: input.contentType,
      cacheControl: input.cacheControl ?? 'no-cache',
      userMetadata: input.userMetadata ?? null,
      bytes: iterable,
      declaredLength: bytes instanceof Uint8Array ? bytes.byteLength : undefined,
    },
    upsert: input.upsert ?? false,
    ...ownerOf(caller),
  })
}

export interface TransferInput {
  caller: Caller
  request: RequestInfo
  source: { bucket: string; name: string }
  destination: { bucket: string; name: string }
}

/**
 * Copies an object: SELECT on the source, INSERT at the destination, as the caller. The bytes are
 * copied to a new blob first; if the row is refused, that blob is removed again. `userMetadata`
 * replaces the source's when given (storage-js `copyMetadata: false`).
 */
export async function copyStoredObject(
  deps: Deps,
  input: TransferInput & { userMetadata?: Record<string, unknown> | null },
): Promise<{ id: string }> {
  const row = await findTransferSource(deps, input)
  const version = randomUUID()
  try {
    await deps.blobStore.copy(row.version, version)
  } catch {
    throw ERRORS.NoSuchKey()
  }
  const { owner, ownerId } = ownerOf(input.caller)
  const userMetadata = input.userMetadata === undefined ? row.user_metadata : input.userMetadata
  const metadata = { ...row.metadata, lastModified: new Date().toISOString() }
  try {
    return await asCaller(
      deps.db,
      input.caller,
      async (tx) => {
        const { rows } = await tx.query<{ id: string }>(INSERT, [
          input.destination.bucket,
          input.destination.name,
          owner,
          ownerId,
          JSON.stringify(metadata),
          userMetadata === null ? null : JSON.stringify(userMetadata),
          version,
        ])
        return { id: rows[0].id }
      },
      { request: input.request },
    )
  } catch (error) {
    await deps.blobStore.delete(version)
    throw fromDatabaseError(error, { unique: ERRORS.KeyAlreadyExists, foreignKey: ERRORS.NoSuchBucket })
  }
}

/**
 * Moves an object: renames the row (the blob is keyed by version, not by name, so no bytes move).
 * Needs SELECT+UPDATE on the source and passes the update's check at the destination.
 */
export async function moveStoredObject(deps: Deps, input: TransferInput): Promise<void> {
  const row = await findTransferSource(deps, input)
  const { source, destination } = input
  try {
    await asCaller(
      deps.db,
      input.caller,
      async (tx) => {
        const moved = await tx.query(
          `update storage.objects set bucket_id = $2, name = $3, updated_at = now()
           where id = $1 and bucket_id = $4 and name = $5`,
          [row.id, destination.bucket, destination.name, source.bucket, source.name],
        )
        // Readable but not movable: the update policy does not cover it.
        if (moved.affectedRows === 0) throw ERRORS.AccessDenied()
      },
      { request: input.request },
    )
  } catch (error) {
    throw fromDatabaseError(error, { unique: ERRORS.KeyAlreadyExists, foreignKey: ERRORS.NoSuchBucket })
  }
}

/** The source as the caller sees it, and the destination bucket's rules checked against it. */
async function findTransferSource(deps: Deps, input: TransferInput) {
  const row = await findObject(deps, input.caller, input.source, input.request)
  await checkDestination(deps, input.destination.bucket, row)
  return row
}
