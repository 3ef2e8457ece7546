import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { sendAuthMail, verifyLink } from './auth-mail.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { requireServiceRole } from './caller.ts'
import { ERRORS } from './errors.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import { metadataObject, normaliseEmail, optionalString, redirectFromQuery } from './request-input.ts'
import { findUserByEmail, findUserById, insertEmailUser } from './users.ts'

const InviteBody = z.object({ email: optionalString, data: metadataObject })

/** POST /invite: creates (or re-invites) an unconfirmed user and mails an invite link. */
export function inviteUser(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    await requireServiceRole(c, deps)
    const body = await services.body.read(c, InviteBody)
    if (!body.email) throw ERRORS.ValidationFailed('Unable to validate email address: invalid format')
    const email = normaliseEmail(body.email)
    const redirectTo = redirectFromQuery(c, deps.config)
    const { user, otp, tokenHash } = await deps.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing?.email_confirmed) throw ERRORS.EmailExists()
      const id =
        existing?.id ??
        (await insertEmailUser(tx, {
          email,
          passwordHash: null,
          confirmed: false,
          invited: true,
          userMetadata: body.data ?? {},
        }))
      const issued = await issueOneTimeToken(tx, id, 'confirmation_token', email)
      await tx.query(`update auth.users set invited_at = now(), confirmation_sent_at = now() where id = $1`, [
        id,
      ])
      await writeAudit(tx, {
        action: 'user_invited',
        actorId: null,
        actorUsername: 'service_role',
        logType: 'team',
        ip: requestIp(c, services),
        traits: { user_id: id, user_email: email },
      })
      return { user: await findUserById(tx, id), ...issued }
    })
    await sendAuthMail(deps, {
      kind: 'invite',
      to: email,
      otp,
      link: verifyLink(deps.config, tokenHash, 'invite', redirectTo),
    })
    return c.json(user!.json)
  }
}
