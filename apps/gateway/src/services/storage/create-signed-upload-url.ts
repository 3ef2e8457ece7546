import type { Handler } from 'hono'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { ownerOf, requestInfo, type StorageEnv } from './caller.ts'
import { ERRORS, fromDatabaseError } from './errors.ts'
import { objectAddress } from './names.ts'
import { bucketSettings } from './rows.ts'
import { signUploadToken } from './signed-token.ts'

/** Thrown to roll back the trial insert once it has shown the caller may write. */
class TrialOnly extends Error {}

/**
 * `POST /object/upload/sign/⟨bucket⟩/⟨name⟩`: an upload URL for a path the caller may write.
 * Whether they may is asked of the database itself: the row is inserted as the caller (RLS
 * checks it) and the transaction rolled back.
 */
export function createSignedUploadUrl(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const address = objectAddress(c)
    const upsert = c.req.header('x-upsert') === 'true'
    if (!(await bucketSettings(deps.db, address.bucket))) throw ERRORS.NoSuchBucket()
    const caller = c.get('caller')
    const { owner, ownerId } = ownerOf(caller)
    try {
      await asCaller(
        deps.db,
        caller,
        async (tx) => {
          await tx.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
             values ($1, $2, $3, $4, '{}', gen_random_uuid()::text)
             ${upsert ? 'on conflict (bucket_id, name) do update set updated_at = now()' : ''}`,
            [address.bucket, address.name, owner, ownerId],
          )
          throw new TrialOnly()
        },
        { request: requestInfo(c) },
      )
    } catch (error) {
      if (!(error instanceof TrialOnly)) throw fromDatabaseError(error, { unique: ERRORS.KeyAlreadyExists })
    }
    const url = `${address.bucket}/${address.name}`
    const token = await signUploadToken(deps.keys, { url, owner: ownerId, upsert })
    return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token })
  }
}
