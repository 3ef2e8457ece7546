import type { Handler } from 'hono'
import { SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { findObject } from './find-object.ts'
import { objectAddress } from './names.ts'
import { serveObject } from './serve-object.ts'
import { verifyDownloadToken } from './signed-token.ts'

/**
 * `GET|HEAD /object/sign/⟨bucket⟩/⟨name⟩?token=…`: the token is the permission (it was issued to
 * someone who could read the object), so the row is read without RLS.
 */
export function downloadSignedObject(deps: Deps): Handler {
  return async (c) => {
    const address = objectAddress(c)
    await verifyDownloadToken(deps.keys, c.req.query('token'), `${address.bucket}/${address.name}`)
    return serveObject(c, deps, await findObject(deps, SERVICE_ROLE, address))
  }
}
