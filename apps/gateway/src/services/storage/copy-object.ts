import type { Handler } from 'hono'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { jsonBody } from './errors.ts'
import { copyStoredObject } from './objects.ts'
import { TransferSchema, transferAddresses } from './transfer-body.ts'

/** `POST /object/copy` (the domain's copyStoredObject, as the caller). */
export function copyObject(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const body = await jsonBody(c, deps.config, TransferSchema)
    const { destination, ...addresses } = transferAddresses(body)
    const { id } = await copyStoredObject(deps, {
      caller: c.get('caller'),
      request: requestInfo(c),
      destination,
      ...addresses,
      // storage-js `copyMetadata: false` replaces the source's metadata with the body's (or none).
      userMetadata: body.copyMetadata === false ? (body.metadata ?? null) : undefined,
    })
    return c.json({ Id: id, Key: `${destination.bucket}/${destination.name}` })
  }
}
