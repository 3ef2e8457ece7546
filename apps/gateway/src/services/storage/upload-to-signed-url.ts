import type { Handler } from 'hono'
import { SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { ownerOf } from './caller.ts'
import { objectAddress } from './names.ts'
import { storeObject } from './objects.ts'
import { readUploadBody } from './read-upload-body.ts'
import { verifyUploadToken } from './signed-token.ts'

/**
 * `PUT /object/upload/sign/⟨bucket⟩/⟨name⟩?token=…`: the token (issued to someone allowed to
 * write this path) is the permission; the row is owned by the token's owner. Bucket type and size
 * rules still apply.
 */
export function uploadToSignedUrl(deps: Deps): Handler {
  return async (c) => {
    const address = objectAddress(c)
    const url = `${address.bucket}/${address.name}`
    const claims = await verifyUploadToken(deps.keys, c.req.query('token'), url)
    const body = await readUploadBody(c.req.raw)
    const { id } = await storeObject(deps, {
      caller: SERVICE_ROLE,
      request: requestInfo(c),
      bucketId: address.bucket,
      name: address.name,
      body,
      upsert: claims.upsert,
      ...ownerOf({ role: 'authenticated', claims: claims.owner === null ? {} : { sub: claims.owner } }),
    })
    return c.json({ Key: url, Id: id })
  }
}
