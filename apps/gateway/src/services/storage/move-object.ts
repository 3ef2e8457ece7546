import type { Handler } from 'hono'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo, type StorageEnv } from './caller.ts'
import { checkDestination } from './check-destination.ts'
import { ERRORS, fromDatabaseError } from './errors.ts'
import { findObject } from './find-object.ts'
import { jsonBody } from './json-body.ts'
import { parseObjectName } from './names.ts'
import { TransferSchema } from './transfer-body.ts'

/**
 * `POST /object/move`: renames the row (the blob is keyed by version, not by name, so no bytes
 * move). Needs SELECT+UPDATE on the source and passes the update's check at the destination.
 */
export function moveObject(deps: Deps): Handler<StorageEnv> {
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
    try {
      await asCaller(
        deps.db,
        caller,
        async (tx) => {
          const moved = await tx.query(
            `update storage.objects set bucket_id = $2, name = $3, updated_at = now()
             where id = $1 and bucket_id = $4 and name = $5`,
            [row.id, destination.bucket, destination.name, source.bucket, source.name],
          )
          // Readable but not movable: the update policy does not cover it.
          if (moved.affectedRows === 0) throw ERRORS.AccessDenied()
        },
        { request },
      )
    } catch (error) {
      throw fromDatabaseError(error, { unique: ERRORS.KeyAlreadyExists, foreignKey: ERRORS.NoSuchBucket })
    }
    return c.json({ message: 'Successfully moved' })
  }
}
