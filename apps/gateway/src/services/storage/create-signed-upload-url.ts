import type { Handler } from 'hono'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { ownerOf, type StorageEnv } from './caller.ts'
import { checkMayWrite } from './check-may-write.ts'
import { ERRORS } from './errors.ts'
import { objectAddress } from './names.ts'
import { bucketSettings } from './rows.ts'
import { signUploadToken } from './signed-token.ts'

/**
 * `POST /object/upload/sign/⟨bucket⟩/⟨name⟩`: an upload URL for a path the caller may write
 * (asked of the database with a rolled-back trial insert).
 */
export function createSignedUploadUrl(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const address = objectAddress(c)
    const upsert = c.req.header('x-upsert') === 'true'
    if (!(await bucketSettings(deps.db, address.bucket))) throw ERRORS.NoSuchBucket()
    const caller = c.get('caller')
    const { owner, ownerId } = ownerOf(caller)
    await checkMayWrite(deps, {
      caller,
      request: requestInfo(c),
      bucketId: address.bucket,
      name: address.name,
      upsert,
      owner,
      ownerId,
    })
    const url = `${address.bucket}/${address.name}`
    const token = await signUploadToken(deps.keys, { url, owner: ownerId, upsert })
    return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token })
  }
}
