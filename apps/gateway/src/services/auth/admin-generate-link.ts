import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { verifyLink } from './auth-mail.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { requireServiceRole } from './caller.ts'
import { ERRORS } from './errors.ts'
import { issueOneTimeToken, type OneTimeTokenType } from './one-time-tokens.ts'
import { assertAcceptablePassword, hashPassword } from './passwords.ts'
import { allowedRedirect, metadataObject, normaliseEmail, optionalString } from './request-input.ts'
import { findUserByEmail, findUserById, insertEmailUser } from './users.ts'

const GenerateLinkBody = z.object({
  type: z.enum(['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'], {
    error:
      'Invalid type: must be one of signup, invite, magiclink, recovery, email_change_current, email_change_new',
  }),
  email: z.string({ error: 'An email address is required' }),
  password: optionalString,
  new_email: optionalString,
  data: metadataObject,
  redirectTo: optionalString,
})

/**
 * POST /admin/generate_link: the link and code a mail would carry, without sending it (for the
 * back office to deliver another way). Creates the user for signup and invite links.
 */
export function adminGenerateLink(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    await requireServiceRole(c, deps)
    const body = await services.body.read(c, GenerateLinkBody)
    const email = normaliseEmail(body.email)
    const redirectTo = allowedRedirect(deps.config, c.req.query('redirect_to') ?? body.redirectTo)
    let passwordHash: string | null = null
    if (body.type === 'signup') {
      if (!body.password) throw ERRORS.ValidationFailed('Signup requires a valid password')
      assertAcceptablePassword(deps.config, body.password)
      passwordHash = await hashPassword(body.password)
    }
    const newEmail = body.new_email ? normaliseEmail(body.new_email) : undefined
    if (body.type.startsWith('email_change') && !newEmail) {
      throw ERRORS.ValidationFailed('The new email address is required for an email change link')
    }

    const result = await deps.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      let tokenType: OneTimeTokenType
      let linkType: string
      let tokenEmail = email
      switch (body.type) {
        case 'signup':
        case 'invite': {
          if (user?.email_confirmed) throw ERRORS.EmailExists()
          const id =
            user?.id ??
            (await insertEmailUser(tx, {
              email,
              passwordHash,
              confirmed: false,
              invited: body.type === 'invite',
              userMetadata: body.data ?? {},
            }))
          await tx.query(
            `update auth.users set confirmation_sent_at = now(),
               invited_at = case when $2 then now() else invited_at end where id = $1`,
            [id, body.type === 'invite'],
          )
          user = await findUserById(tx, id)
          tokenType = 'confirmation_token'
          linkType = body.type
          break
        }
        case 'magiclink':
        case 'recovery':
          if (!user) throw ERRORS.UserNotFound()
          tokenType =
            body.type === 'magiclink' && !user.email_confirmed ? 'confirmation_token' : 'recovery_token'
          linkType = body.type
          await tx.query(`update auth.users set recovery_sent_at = now() where id = $1`, [user.id])
          break
        default: {
          if (!user) throw ERRORS.UserNotFound()
          const taken = await tx.query(`select 1 from auth.users where email = $1 and id <> $2`, [
            newEmail,
            user.id,
          ])
          if (taken.rows.length) throw ERRORS.EmailExists()
          await tx.query(
            `update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_sent_at = now() where id = $1`,
            [user.id, newEmail],
          )
          // The other side's confirmation is issued too, so that the change can complete.
          const other =
            body.type === 'email_change_new' ? 'email_change_token_current' : 'email_change_token_new'
          await issueOneTimeToken(tx, user.id, other, other === 'email_change_token_new' ? newEmail! : email)
          tokenType =
            body.type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current'
          tokenEmail = body.type === 'email_change_new' ? newEmail! : email
          linkType = 'email_change'
          user = await findUserById(tx, user.id)
        }
      }
      if (!user) throw ERRORS.UserNotFound()
      const issued = await issueOneTimeToken(tx, user.id, tokenType, tokenEmail)
      await writeAudit(tx, {
        action: 'admin_generate_link',
        actorId: null,
        actorUsername: 'service_role',
        logType: 'team',
        ip: requestIp(c, services),
        traits: { user_id: user.id, type: body.type },
      })
      return { user: (await findUserById(tx, user.id))!, linkType, ...issued }
    })
    return c.json({
      ...result.user.json,
      action_link: verifyLink(deps.config, result.tokenHash, result.linkType, redirectTo),
      email_otp: result.otp,
      hashed_token: result.tokenHash,
      verification_type: result.linkType === 'email_change' ? body.type : result.linkType,
      redirect_to: redirectTo,
    })
  }
}
