import { asCaller, type Caller, type RequestInfo } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { ERRORS } from './errors.ts'
import { type ObjectRow, selectObjects } from './rows.ts'

/**
 * The object's row as `caller` sees it. A row hidden by RLS and a missing row are the same
 * NoSuchKey (docs/protocol/storage.md §4.2), so nobody learns what exists in folders they cannot read.
 */
export async function findObject(
  deps: Deps,
  caller: Caller,
  address: { bucket: string; name: string },
  request?: RequestInfo,
): Promise<ObjectRow> {
  const [row] = await asCaller(
    deps.db,
    caller,
    (tx) => selectObjects(tx, 'o.bucket_id = $1 and o.name = $2', [address.bucket, address.name]),
    { readOnly: true, request },
  )
  if (!row) throw ERRORS.NoSuchKey()
  return row
}
