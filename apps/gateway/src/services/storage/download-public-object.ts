import type { Handler } from 'hono'
import { SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { ERRORS } from './errors.ts'
import { findObject } from './find-object.ts'
import { objectAddress } from './names.ts'
import { bucketSettings } from './rows.ts'
import { serveObject } from './serve-object.ts'

/**
 * `GET|HEAD /object/public/⟨bucket⟩/⟨name⟩`: no credentials and no RLS, but only in a public
 * bucket; a private bucket answers as if it did not exist.
 */
export function downloadPublicObject(deps: Deps): Handler {
  return async (c) => {
    const address = objectAddress(c)
    const bucket = await bucketSettings(deps.db, address.bucket)
    if (!bucket?.public) throw ERRORS.NoSuchBucket()
    const row = await findObject(deps, SERVICE_ROLE, address)
    return serveObject(c, deps, row)
  }
}
