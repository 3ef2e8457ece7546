import type { Handler } from 'hono'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import type { StorageEnv } from './caller.ts'
import { ERRORS, fromDatabaseError } from './errors.ts'

/** `DELETE /bucket/⟨id⟩`: only an empty bucket can go (objects hold a foreign key to it). */
export function deleteBucket(deps: Deps): Handler<StorageEnv> {
  return async (c) => {
    const id = c.req.param('id') ?? ''
    try {
      await asCaller(
        deps.db,
        c.get('caller'),
        async (tx) => {
          const visible = await tx.query('select 1 from storage.buckets where id = $1', [id])
          if (visible.rows.length === 0) throw ERRORS.NoSuchBucket()
          const deleted = await tx.query('delete from storage.buckets where id = $1', [id])
          if (deleted.affectedRows === 0) throw ERRORS.AccessDenied()
        },
        { request: requestInfo(c) },
      )
    } catch (error) {
      throw fromDatabaseError(error, { foreignKey: ERRORS.ResourceNotEmpty })
    }
    return c.json({ message: 'Successfully deleted' })
  }
}
