import type { Handler } from 'hono'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { jsonBody } from './errors.ts'
import { moveStoredObject } from './objects.ts'
import { TransferSchema, transferAddresses } from './transfer-body.ts'

/** `POST /object/move` (the domain's moveStoredObject, as the caller). */
export function moveObject(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const body = await jsonBody(c, deps.config, TransferSchema)
    await moveStoredObject(deps, {
      caller: c.get('caller'),
      request: requestInfo(c),
      ...transferAddresses(body),
    })
    return c.json({ message: 'Successfully moved' })
  }
}
