import type { Context } from 'hono'
import { z } from 'zod'
import { ERRORS } from './errors.ts'

/** The `:id` of an admin user route; a malformed one is 404 `validation_failed`, as GoTrue answers. */
export function adminGetUserId(c: Context): string {
  const id = z.uuid().safeParse(c.req.param('id'))
  if (!id.success) throw ERRORS.ValidationFailed('user_id must be an UUID', 404)
  return id.data
}
