import type { Handler } from 'hono'
import { AdminUserBody, adminPasswordHash, assertUserRole } from './admin-user-body.ts'
import { adminGetUserId } from './admin-user-id.ts'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { bannedUntil } from './ban-duration.ts'
import { requireServiceRole } from './caller.ts'
import { ERRORS } from './errors.ts'
import { mergeMetadata, normaliseEmail } from './request-input.ts'
import { findUserById } from './users.ts'

/**
 * PUT /admin/users/:id: metadata is merged key by key (null deletes a key), so the back office
 * can set `app_metadata.role` without losing other keys. A ban ends every session of the user
 * at once: their refresh tokens stop working and GET /user answers session_not_found.
 */
export function adminUpdateUser(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    await requireServiceRole(c, deps)
    const id = adminGetUserId(c)
    const body = await services.body.read(c, AdminUserBody)
    if (body.phone) throw ERRORS.PhoneProviderDisabled()
    assertUserRole(body.role)
    const email = body.email ? normaliseEmail(body.email) : undefined
    const passwordHash = await adminPasswordHash(deps.config, body)
    const banChange = body.ban_duration !== undefined
    const banned = body.ban_duration ? bannedUntil(body.ban_duration) : null
    const ip = requestIp(c, services)

    const user = await deps.db.transaction(async (tx) => {
      const current = await findUserById(tx, id)
      if (!current) throw ERRORS.UserNotFound()
      if (email && email !== current.email) {
        const taken = await tx.query(`select 1 from auth.users where email = $1 and id <> $2`, [email, id])
        if (taken.rows.length) throw ERRORS.EmailExists()
      }
      const appMetadata = body.app_metadata
        ? mergeMetadata(current.raw_app_meta_data, body.app_metadata, 'app_metadata')
        : null
      const userMetadata = body.user_metadata
        ? mergeMetadata(current.raw_user_meta_data, body.user_metadata)
        : null
      await tx.query(
        `update auth.users set
           email = coalesce($2, email),
           email_change = case when $2::text is null then email_change else '' end,
           email_confirmed_at = case when $3 then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
           encrypted_password = coalesce($4, encrypted_password),
           raw_app_meta_data = coalesce($5::jsonb, raw_app_meta_data),
           raw_user_meta_data = coalesce($6::jsonb, raw_user_meta_data),
           banned_until = case when $7 then $8::timestamptz else banned_until end,
           updated_at = now()
         where id = $1`,
        [
          id,
          email ?? null,
          body.email_confirm === true,
          passwordHash ?? null,
          appMetadata ? JSON.stringify(appMetadata) : null,
          userMetadata ? JSON.stringify(userMetadata) : null,
          banChange,
          banned,
        ],
      )
      if (email && email !== current.email) {
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
           where user_id = $1 and provider = 'email'`,
          [id, email],
        )
      }
      if (banned) await tx.query(`delete from auth.sessions where user_id = $1`, [id])
      await writeAudit(tx, {
        action: banned ? 'admin_user_banned' : 'admin_user_updated',
        actorId: null,
        actorUsername: 'service_role',
        logType: 'user',
        ip,
        traits: {
          user_id: id,
          banned_until: banned,
          password_changed: passwordHash !== undefined,
          app_metadata_changed: appMetadata !== null,
        },
      })
      return findUserById(tx, id)
    })
    return c.json(user!.json)
  }
}
