import { randomUUID } from 'node:crypto'
import type { Handler } from 'hono'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { ownerOf, requestInfo, type StorageEnv } from './caller.ts'
import { checkDestination } from './check-destination.ts'
import { ERRORS, fromDatabaseError } from './errors.ts'
import { findObject } from './find-object.ts'
import { jsonBody } from './json-body.ts'
import { parseObjectName } from './names.ts'
import { TransferSchema } from './transfer-body.ts'

/**
 * `POST /object/copy`: SELECT on the source, INSERT at the destination, as the caller. The bytes
 * are copied to a new blob first; if the row is refused, that blob is removed again.
 */
export function copyObject(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const body = await jsonBody(c, TransferSchema)
    const source = { bucket: body.bucketId, name: parseObjectName(body.sourceKey) }
    const destination = {
      bucket: body.destinationBucket ?? body.bucketId,
      name: parseObjectName(body.destinationKey),
    }
    const caller = c.get('caller')
    const request = requestInfo(c)
    const row = await findObject(deps, caller, source, request)
    await checkDestination(deps, destination.bucket, row)
    const version = randomUUID()
    try {
      await deps.blobStore.copy(row.version, version)
    } catch {
      throw ERRORS.NoSuchKey()
    }
    const { owner, ownerId } = ownerOf(caller)
    const userMetadata = body.copyMetadata === false ? (body.metadata ?? null) : row.user_metadata
    const metadata = { ...row.metadata, lastModified: new Date().toISOString() }
    let id: string
    try {
      id = await asCaller(
        deps.db,
        caller,
        async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
             values ($1, $2, $3, $4, $5, $6, $7) returning id`,
            [
              destination.bucket,
              destination.name,
              owner,
              ownerId,
              JSON.stringify(metadata),
              userMetadata === null ? null : JSON.stringify(userMetadata),
              version,
            ],
          )
          return rows[0].id
        },
        { request },
      )
    } catch (error) {
      await deps.blobStore.delete(version)
      throw fromDatabaseError(error, { unique: ERRORS.KeyAlreadyExists, foreignKey: ERRORS.NoSuchBucket })
    }
    return c.json({ Id: id, Key: `${destination.bucket}/${destination.name}` })
  }
}
