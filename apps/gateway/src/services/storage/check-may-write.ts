import { asCaller, type Caller, type RequestInfo } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { ERRORS, fromDatabaseError } from './errors.ts'

/** Thrown to roll back the trial insert once it has shown the caller may write. */
class TrialOnly extends Error {}

/**
 * Asks the database whether `caller` may write this object, without writing it: the row is
 * inserted (or upserted) as the caller, so RLS checks it, and the transaction is rolled back.
 * Throws AccessDenied, KeyAlreadyExists or NoSuchBucket as the real write would.
 */
export async function checkMayWrite(
  deps: Deps,
  input: {
    caller: Caller
    request?: RequestInfo
    bucketId: string
    name: string
    upsert: boolean
    owner: string | null
    ownerId: string | null
  },
): Promise<void> {
  try {
    await asCaller(
      deps.db,
      input.caller,
      async (tx) => {
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
           values ($1, $2, $3, $4, '{}', gen_random_uuid()::text)
           ${input.upsert ? 'on conflict (bucket_id, name) do update set updated_at = now()' : ''}`,
          [input.bucketId, input.name, input.owner, input.ownerId],
        )
        throw new TrialOnly()
      },
      { request: input.request },
    )
  } catch (error) {
    if (error instanceof TrialOnly) return
    throw fromDatabaseError(error, { unique: ERRORS.KeyAlreadyExists, foreignKey: ERRORS.NoSuchBucket })
  }
}
