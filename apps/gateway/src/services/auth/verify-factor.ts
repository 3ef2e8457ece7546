import type { Handler } from 'hono'
import { verify } from 'otplib'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { loadSessionUser, presentsSecondFactor, requireUserClaims } from './caller.ts'
import { CHALLENGE_SECONDS } from './challenge-factor.ts'
import { ERRORS } from './errors.ts'
import { AmrSchema, amrSql, hashToken, newRefreshToken, tokenResponse } from './sessions.ts'
import { findUserById } from './users.ts'

const VerifyFactorBody = z.object({
  challenge_id: z.uuid({ error: 'challenge_id must be a UUID' }),
  code: z.string().trim().min(1, { error: 'code is required' }),
})

const ChallengeRow = z.object({
  factor_id: z.string(),
  secret: z.string(),
  status: z.string(),
  verified: z.boolean(),
  expired: z.boolean(),
  last_verified_time_step: z.number().nullable(),
})

/** A code is accepted one step either side of now, for clocks that drift. */
const TOLERANCE_SECONDS = 30

/**
 * POST /factors/:id/verify: answers a challenge with a TOTP code. Success raises the session to
 * aal2, adds `totp` to its amr, marks the factor verified and issues a fresh token pair (the old
 * refresh tokens of the session are dropped). A code is accepted once. Verifying a new factor while
 * another is already verified needs an aal2 session (403 `insufficient_aal`): the code of a factor
 * the caller just enrolled proves nothing about the account's owner.
 */
export function verifyFactor(services: AuthServices): Handler {
  const { deps, limits } = services
  return async (c) => {
    const claims = await requireUserClaims(c, deps)
    if (claims.is_anonymous) throw ERRORS.AnonymousFactorRefused()
    const factorId = z.uuid().safeParse(c.req.param('id'))
    if (!factorId.success) throw ERRORS.MfaFactorNotFound()
    const body = await services.body.read(c, VerifyFactorBody)
    await limits.check(c, 'verify', `factor:${factorId.data}`)
    const user = await loadSessionUser(deps.db, claims)
    const ip = requestIp(c, services)

    const { rows } = await deps.db.query(
      `select f.id as factor_id, f.secret, f.status, f.last_verified_time_step,
              ch.verified_at is not null as verified,
              ch.created_at < now() - make_interval(secs => $4) as expired
       from auth.mfa_challenges ch join auth.mfa_factors f on f.id = ch.factor_id
       where ch.id = $1 and f.id = $2 and f.user_id = $3`,
      [body.challenge_id, factorId.data, user.id, CHALLENGE_SECONDS],
    )
    if (!rows[0]) throw ERRORS.MfaChallengeNotFound()
    const challenge = ChallengeRow.parse(rows[0])
    if (challenge.verified) throw ERRORS.MfaChallengeNotFound()
    if (challenge.expired) throw ERRORS.MfaChallengeExpired(body.challenge_id)
    if (
      challenge.status !== 'verified' &&
      user.has_verified_factor &&
      !(await presentsSecondFactor(deps.db, claims))
    ) {
      throw ERRORS.InsufficientAal(403, 'AAL2 required to verify a new factor')
    }

    const now = Math.floor(Date.now() / 1000)
    const result = await verify({
      secret: challenge.secret,
      token: body.code,
      epoch: now,
      epochTolerance: TOLERANCE_SECONDS,
      afterTimeStep: challenge.last_verified_time_step ?? undefined,
    }).catch(() => ({ valid: false as const }))
    if (!result.valid) {
      await writeAudit(deps.db, {
        action: 'verification_attempted',
        actorId: user.id,
        actorUsername: user.email,
        logType: 'factor',
        ip,
        traits: { factor_id: factorId.data, success: false },
      })
      throw ERRORS.MfaVerificationFailed()
    }

    const timeStep = Math.floor(now / 30) + result.delta
    const sessionId = claims.session_id
    if (!sessionId) throw ERRORS.SessionNotFound(403)
    const refreshToken = newRefreshToken()
    const session = await deps.db.transaction(async (tx) => {
      // The step condition makes two racing uses of one code end in one success.
      const accepted = await tx.query(
        `update auth.mfa_factors set status = 'verified', last_verified_time_step = $2, updated_at = now()
         where id = $1 and (last_verified_time_step is null or last_verified_time_step < $2) returning id`,
        [factorId.data, timeStep],
      )
      if (!accepted.rows.length) throw ERRORS.MfaVerificationFailed()
      const { rows: sessionRows } = await tx.query(
        `with ch as (update auth.mfa_challenges set verified_at = now() where id = $1),
         s as (update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $3),
         a as (insert into auth.mfa_amr_claims (session_id, authentication_method) values ($3, 'totp')
               on conflict (session_id, authentication_method) do update set updated_at = now()),
         d as (delete from auth.refresh_tokens where session_id = $3)
         insert into auth.refresh_tokens (token, user_id, session_id) values ($4, $5, $3)
         returning session_id`,
        [body.challenge_id, factorId.data, sessionId, hashToken(refreshToken), user.id],
      )
      if (!sessionRows.length) throw ERRORS.SessionNotFound(403)
      await writeAudit(tx, {
        action: 'factor_verified',
        actorId: user.id,
        actorUsername: user.email,
        logType: 'factor',
        ip,
        traits: { factor_id: factorId.data },
      })
      // Read after the statement above so the new totp claim is included.
      const amr = await tx.query<{ amr: unknown }>(`select ${amrSql('$1::uuid')} as amr`, [sessionId])
      const updated = await findUserById(tx, user.id)
      if (!updated) throw ERRORS.UserNotFound(403)
      return { user: updated, amr: AmrSchema.parse(amr.rows[0].amr) }
    })
    return c.json(
      await tokenResponse(deps, session.user, { id: sessionId, aal: 'aal2', amr: session.amr }, refreshToken),
    )
  }
}
