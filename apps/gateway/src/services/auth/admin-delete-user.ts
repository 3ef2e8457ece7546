import type { Handler } from 'hono'
import { z } from 'zod'
import { adminGetUserId } from './admin-user-id.ts'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { requireServiceRole } from './caller.ts'
import { ERRORS } from './errors.ts'

const DeleteBody = z.object({
  should_soft_delete: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
})

/**
 * DELETE /admin/users/:id. A hard delete removes the user with sessions, factors and tokens
 * (public rows that point at the user are set null by their foreign keys). A soft delete keeps
 * the row for the records but strips what identifies or signs in the user.
 */
export function adminDeleteUser(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    await requireServiceRole(c, deps)
    const id = adminGetUserId(c)
    const body = await services.body.read(c, DeleteBody)
    await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ email: string | null }>(
        `select email from auth.users where id = $1 and deleted_at is null for update`,
        [id],
      )
      if (!rows[0]) throw ERRORS.UserNotFound()
      if (body.should_soft_delete) {
        await tx.query(
          `with s as (delete from auth.sessions where user_id = $1),
           f as (delete from auth.mfa_factors where user_id = $1),
           i as (delete from auth.identities where user_id = $1),
           t as (delete from auth.one_time_tokens where user_id = $1)
           update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = null,
             email_change = '', raw_user_meta_data = '{}'::jsonb, updated_at = now()
           where id = $1`,
          [id],
        )
      } else {
        await tx.query(`delete from auth.users where id = $1`, [id])
      }
      await writeAudit(tx, {
        action: 'user_deleted',
        actorId: null,
        actorUsername: 'service_role',
        logType: 'team',
        ip: requestIp(c, services),
        traits: { user_id: id, user_email: rows[0].email, soft: body.should_soft_delete },
      })
    })
    return c.json({})
  }
}
