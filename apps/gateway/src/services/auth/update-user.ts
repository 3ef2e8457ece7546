import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type PendingMail, sendInBackground } from './auth-mail-queue.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { loadSessionUser, requireUserClaims } from './caller.ts'
import { issueEmailChangeMails } from './email-change.ts'
import { ERRORS } from './errors.ts'
import { consumeOneTimeToken, linkToken } from './one-time-tokens.ts'
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords.ts'
import {
  mergeMetadata,
  metadataObject,
  normaliseEmail,
  optionalString,
  redirectFromQuery,
  withoutRole,
} from './request-input.ts'
import { findUserById } from './users.ts'

const UpdateUserBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  nonce: optionalString,
  data: metadataObject,
  app_metadata: z.unknown().optional(),
})

/**
 * PUT /user: the user changes their own data, password or address. `data` is merged into
 * user_metadata (null removes a key) except `role`, which only the service role sets. A new
 * password ends the user's other sessions; a new address takes effect once confirmed from both
 * addresses.
 */
export function updateUser(services: AuthServices): Handler {
  const { deps } = services
  const { config } = deps
  return async (c) => {
    const claims = await requireUserClaims(c, deps)
    const body = await services.body.read(c, UpdateUserBody)
    if (body.app_metadata !== undefined && body.app_metadata !== null) throw ERRORS.NotAdmin()
    if (body.phone) throw ERRORS.PhoneProviderDisabled()
    const user = await loadSessionUser(deps.db, claims)
    const ip = requestIp(c, services)

    const newEmail = body.email ? normaliseEmail(body.email) : undefined
    const changesEmail = newEmail !== undefined && newEmail !== user.email
    if ((body.password || changesEmail) && user.has_verified_factor && claims.aal !== 'aal2') {
      throw ERRORS.InsufficientAal(
        401,
        'AAL2 session is required to update email or password when MFA is enabled.',
      )
    }

    let passwordHash: string | undefined
    if (body.password) {
      assertAcceptablePassword(config, body.password)
      if (user.encrypted_password && (await verifyPassword(body.password, user.encrypted_password))) {
        throw ERRORS.SamePassword()
      }
      // A session that just came through a recovery link has proved the address already.
      const recovering = claims.amr.some((a) => a.method === 'recovery')
      if (config.AUTH_SECURE_PASSWORD_CHANGE && !recovering && !body.nonce)
        throw ERRORS.ReauthenticationNeeded()
      passwordHash = await hashPassword(body.password)
    }
    const redirectTo = redirectFromQuery(c, config)

    const { updated, mails } = await deps.db.transaction(async (tx) => {
      if (passwordHash && config.AUTH_SECURE_PASSWORD_CHANGE && body.nonce) {
        const nonce = await consumeOneTimeToken(
          tx,
          linkToken(user.email ?? '', body.nonce.trim()),
          ['reauthentication_token'],
          user.id,
        )
        if (!nonce) throw ERRORS.ReauthenticationNotValid()
      }
      let mails: PendingMail[] = []
      if (changesEmail) {
        const taken = await tx.query(`select 1 from auth.users where email = $1 and id <> $2`, [
          newEmail,
          user.id,
        ])
        if (taken.rows.length) throw ERRORS.EmailExists()
      }
      const metadata = body.data ? mergeMetadata(user.raw_user_meta_data, withoutRole(body.data)) : null
      await tx.query(
        `update auth.users set
           raw_user_meta_data = coalesce($2::jsonb, raw_user_meta_data),
           encrypted_password = coalesce($3, encrypted_password),
           email_change = coalesce($4, email_change),
           email_change_confirm_status = case when $4::text is null then email_change_confirm_status else 0 end,
           updated_at = now()
         where id = $1`,
        [
          user.id,
          metadata ? JSON.stringify(metadata) : null,
          passwordHash ?? null,
          changesEmail ? newEmail : null,
        ],
      )
      if (passwordHash) {
        // Whoever knew the old password is signed out everywhere else.
        await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [
          user.id,
          claims.session_id ?? null,
        ])
        await writeAudit(tx, {
          action: 'user_updated_password',
          actorId: user.id,
          actorUsername: user.email,
          logType: 'user',
          ip,
        })
      }
      if (changesEmail && newEmail) {
        mails = await issueEmailChangeMails(tx, user.id, user.email, newEmail, redirectTo)
      }
      if (metadata || changesEmail) {
        await writeAudit(tx, {
          action: 'user_modified',
          actorId: user.id,
          actorUsername: user.email,
          logType: 'user',
          ip,
          traits: { email_change_requested: changesEmail },
        })
      }
      const updated = await findUserById(tx, user.id)
      if (!updated) throw ERRORS.UserNotFound(403)
      return { updated, mails }
    })
    if (mails.length) void sendInBackground(deps, mails)
    return c.json(updated.json)
  }
}
