import type { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import { notImplemented } from '../../http/not-implemented.ts'

/** /storage/v1 — supabase/storage protocol (issue: storage service). */
export function createStorageRoutes(_deps: Deps): Hono {
  return notImplemented({
    statusCode: '501',
    code: 'NotImplemented',
    error: 'not_implemented',
    message: 'The storage service is not available yet',
  })
}
