import type { Handler } from 'hono'
import { AdminUserBody, adminPasswordHash, assertUserRole } from './admin-user-body.ts'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { bannedUntil } from './ban-duration.ts'
import { requireServiceRole } from './caller.ts'
import { ERRORS } from './errors.ts'
import { mergeMetadata, normaliseEmail } from './request-input.ts'
import { findUserByEmail, findUserById, insertEmailUser } from './users.ts'

/**
 * POST /admin/users: the back office creates an account, optionally already confirmed, with
 * app_metadata (where `role` lives — only the service role may set it) and user_metadata.
 */
export function adminCreateUser(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    await requireServiceRole(c, deps)
    const body = await services.body.read(c, AdminUserBody)
    if (body.phone && !body.email) throw ERRORS.PhoneProviderDisabled()
    if (!body.email) throw ERRORS.ValidationFailed('Unable to validate email address: invalid format')
    assertUserRole(body.role)
    const email = normaliseEmail(body.email)
    const passwordHash = await adminPasswordHash(deps.config, body)
    const banned = body.ban_duration ? bannedUntil(body.ban_duration) : null
    const user = await deps.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw ERRORS.EmailExists()
      if (body.id && (await findUserById(tx, body.id)))
        throw ERRORS.ValidationFailed('User ID already exists', 422)
      const id = await insertEmailUser(tx, {
        id: body.id ?? undefined,
        email,
        passwordHash: passwordHash ?? null,
        confirmed: body.email_confirm === true,
        userMetadata: body.user_metadata ?? {},
        appMetadata: mergeMetadata(
          { provider: 'email', providers: ['email'] },
          body.app_metadata,
          'app_metadata',
        ),
        bannedUntil: banned,
      })
      await writeAudit(tx, {
        action: 'user_signedup',
        actorId: null,
        actorUsername: 'service_role',
        logType: 'team',
        ip: requestIp(c, services),
        traits: { user_id: id, user_email: email, provider: 'email', by: 'admin' },
      })
      return findUserById(tx, id)
    })
    return c.json(user!.json)
  }
}
