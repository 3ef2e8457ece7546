import type { Handler } from 'hono'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { findObject } from './find-object.ts'
import { objectAddress } from './names.ts'
import { serveObject } from './serve-object.ts'

/** `GET|HEAD /object/[authenticated/]⟨bucket⟩/⟨name⟩`: the bytes, if the caller may read the row. */
export function downloadObject(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const row = await findObject(deps, c.get('caller'), objectAddress(c), requestInfo(c))
    return serveObject(c, deps, row)
  }
}
