import type { Context } from 'hono'
import { z } from 'zod'
import type { Queryable } from '../../database/types.ts'
import { auditPayload } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { ERRORS } from './errors.ts'
import { optionalString } from './request-input.ts'
import { AmrSchema, amrSql, hashToken, type SessionInfo, successorToken, tokenResponse } from './sessions.ts'
import { parseUserRow, USER_FIELDS, type UserRow } from './users.ts'

const RefreshBody = z.object({ refresh_token: optionalString })

/** How many successors a racing tab may skip (each within the reuse window). */
const MAX_CHAIN = 5

type Outcome =
  | { kind: 'session'; user: UserRow; session: SessionInfo; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'reused' }
  | { kind: 'banned' }

const RowSchema = z.object({
  token_id: z.number(),
  revoked: z.boolean(),
  in_window: z.boolean(),
  session_id: z.string(),
  aal: z.string(),
  amr: AmrSchema,
})

/**
 * POST /token?grant_type=refresh_token. Every use rotates the token. A rotated token presented
 * again within AUTH_REFRESH_REUSE_INTERVAL seconds (tabs racing) yields the same successor;
 * later it means the token was copied, so the whole session is revoked
 * (`refresh_token_already_used`). The lookup locks the row, so concurrent uses serialise.
 */
export async function grantRefreshToken(services: AuthServices, c: Context): Promise<Response> {
  const { deps, limits } = services
  const body = await services.body.read(c, RefreshBody)
  if (!body.refresh_token) throw ERRORS.RefreshTokenRequired()
  await limits.check(c, 'token_refresh')
  const ip = requestIp(c, services)
  const secret = deps.keys.jwtSecret
  const presented = body.refresh_token

  const previous = deps.keys.previousJwtSecret

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    let token = presented
    // During a rotation, the successor may have been derived with the previous secret (before the
    // restart, or by a gateway not yet rotated).
    let derivedWithPrevious: string | undefined
    for (let depth = 0; depth <= MAX_CHAIN; depth++) {
      let found = await lookup(tx, token, deps.config.AUTH_REFRESH_REUSE_INTERVAL)
      if (!found && derivedWithPrevious) {
        found = await lookup(tx, derivedWithPrevious, deps.config.AUTH_REFRESH_REUSE_INTERVAL)
        if (found) token = derivedWithPrevious
      }
      if (!found) return depth === 0 ? { kind: 'not_found' } : { kind: 'reused' }
      const { row, user } = found
      if (user.banned) return { kind: 'banned' }
      const session = { id: row.session_id, aal: row.aal, amr: row.amr }
      if (!row.revoked) {
        if (depth > 0) {
          // A racing tab: hand out the successor the first tab already received.
          return { kind: 'session', user, session, refreshToken: token }
        }
        const successor = successorToken(secret, token)
        await tx.query(
          `with old as (update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1),
           child as (insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($2, $3, $4, $5)),
           s as (update auth.sessions set refreshed_at = now(), updated_at = now() where id = $4)
           insert into auth.audit_log_entries (payload, ip_address) values ($6::json, $7)`,
          [
            row.token_id,
            hashToken(successor),
            user.id,
            row.session_id,
            hashToken(token),
            JSON.stringify(
              auditPayload({
                action: 'token_refreshed',
                actorId: user.id,
                actorUsername: user.email,
                logType: 'token',
              }),
            ),
            ip.slice(0, 64),
          ],
        )
        return { kind: 'session', user, session, refreshToken: successor }
      }
      if (!row.in_window) {
        await tx.query(
          `with s as (delete from auth.sessions where id = $1)
           insert into auth.audit_log_entries (payload, ip_address) values ($2::json, $3)`,
          [
            row.session_id,
            JSON.stringify(
              auditPayload({
                action: 'token_revoked',
                actorId: user.id,
                actorUsername: user.email,
                logType: 'token',
                traits: { reason: 'refresh_token_reused', session_id: row.session_id },
              }),
            ),
            ip.slice(0, 64),
          ],
        )
        return { kind: 'reused' }
      }
      derivedWithPrevious = previous ? successorToken(previous, token) : undefined
      token = successorToken(secret, token)
    }
    return { kind: 'reused' }
  })

  if (outcome.kind === 'not_found') throw ERRORS.RefreshTokenNotFound()
  if (outcome.kind === 'reused') throw ERRORS.RefreshTokenAlreadyUsed()
  if (outcome.kind === 'banned') throw ERRORS.UserBanned()
  return c.json(await tokenResponse(deps, outcome.user, outcome.session, outcome.refreshToken))
}

async function lookup(tx: Queryable, token: string, reuseSeconds: number) {
  const { rows } = await tx.query(
    `select rt.id as token_id, rt.revoked, rt.updated_at > now() - make_interval(secs => $2) as in_window,
            rt.session_id, s.aal, ${amrSql('rt.session_id')} as amr, ${USER_FIELDS}
     from auth.refresh_tokens rt
     join auth.sessions s on s.id = rt.session_id
     join auth.users u on u.id = rt.user_id and u.deleted_at is null
     where rt.token = $1
     for update of rt`,
    [hashToken(token), reuseSeconds],
  )
  if (!rows[0]) return undefined
  return { row: RowSchema.parse(rows[0]), user: parseUserRow(rows[0]) }
}
