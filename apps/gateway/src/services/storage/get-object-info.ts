import type { Handler } from 'hono'
import { SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { ERRORS } from './errors.ts'
import { findObject } from './find-object.ts'
import { objectAddress } from './names.ts'
import { bucketSettings } from './rows.ts'
import { infoShape } from './shapes.ts'

/** `GET /object/info/[authenticated/]⟨bucket⟩/⟨name⟩`: the info shape; `exists()` relies on NoSuchKey. */
export function getObjectInfo(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const row = await findObject(deps, c.get('caller'), objectAddress(c), requestInfo(c))
    return c.json(infoShape(row))
  }
}

/** `GET /object/info/public/⟨bucket⟩/⟨name⟩`: the same for a public bucket, without credentials. */
export function getPublicObjectInfo(deps: Deps): Handler {
  return async (c) => {
    const address = objectAddress(c)
    const bucket = await bucketSettings(deps.db, address.bucket)
    if (!bucket?.public) throw ERRORS.NoSuchKey()
    return c.json(infoShape(await findObject(deps, SERVICE_ROLE, address)))
  }
}
