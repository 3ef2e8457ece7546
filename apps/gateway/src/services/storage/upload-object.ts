import type { Handler } from 'hono'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { ownerOf, type StorageEnv } from './caller.ts'
import { objectAddress } from './names.ts'
import { storeObject } from './objects.ts'
import { readUploadBody } from './read-upload-body.ts'

/**
 * `POST /object/⟨bucket⟩/⟨name⟩` (upload; `x-upsert`, default off) and `PUT` (update, always an
 * upsert), raw or multipart. The row is written as the caller, so RLS decides.
 */
export function uploadObject(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const { bucket, name } = objectAddress(c)
    const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true'
    const caller = c.get('caller')
    const body = await readUploadBody(c.req.raw)
    const { id } = await storeObject(deps, {
      caller,
      request: requestInfo(c),
      bucketId: bucket,
      name,
      body,
      upsert,
      ...ownerOf(caller),
    })
    return c.json({ Id: id, Key: `${bucket}/${name}` })
  }
}
