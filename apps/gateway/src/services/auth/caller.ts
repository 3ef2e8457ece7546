import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Queryable } from '../../database/types.ts'
import type { Deps } from '../../deps.ts'
import { bearerToken, isProjectKey, verifyJwt } from '../../http/resolve-caller.ts'
import { ERRORS } from './errors.ts'
import { AmrSchema } from './sessions.ts'
import { parseUserRow, USER_FIELDS, type UserRow } from './users.ts'

/**
 * Every auth route except the open ones (GET /verify, /authorize, JWKS) needs one of the project
 * keys in `apikey`, as the Supabase gateway demands (docs/protocol/README.md §1.2).
 */
export function requireApikey(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    const apikey = c.req.header('apikey')
    if (!apikey) return c.json({ message: 'No API key found in request' }, 401)
    if (!(await isProjectKey(apikey, deps.keys))) {
      return c.json({ message: 'Invalid authentication credentials' }, 401)
    }
    await next()
  }
}

const UserClaimsSchema = z.object({
  sub: z.uuid(),
  role: z.literal('authenticated'),
  session_id: z.uuid().optional(),
  aal: z.enum(['aal1', 'aal2']).default('aal1'),
  amr: AmrSchema.default([]),
  is_anonymous: z.boolean().default(false),
})

export type UserClaims = z.infer<typeof UserClaimsSchema>

/**
 * The signed-in user's verified claims: 401 `no_authorization` without a bearer token, 403
 * `bad_jwt` for a token that is forged, expired, for another audience, or not a user's.
 */
export async function requireUserClaims(c: Context, deps: Deps): Promise<UserClaims> {
  const token = bearerToken(c.req.header('authorization'))
  if (!token) throw ERRORS.NoAuthorization()
  const verified = await verifyJwt(token, deps.keys)
  if (!verified.ok) {
    throw ERRORS.BadJwt(verified.problem.kind === 'invalid_jwt' ? verified.problem.message : 'invalid token')
  }
  const parsed = UserClaimsSchema.safeParse(verified.claims)
  if (!parsed.success) throw ERRORS.BadJwt('invalid claim: missing sub claim')
  return parsed.data
}

/** Admin endpoints: only the service role (the service key as bearer, or as apikey without one). */
export async function requireServiceRole(c: Context, deps: Deps): Promise<void> {
  const token = bearerToken(c.req.header('authorization')) ?? c.req.header('apikey')
  if (!token) throw ERRORS.NoAuthorization()
  const verified = await verifyJwt(token, deps.keys)
  if (!verified.ok)
    throw ERRORS.BadJwt(verified.problem.kind === 'invalid_jwt' ? verified.problem.message : '')
  if (verified.claims.role !== 'service_role' && verified.claims.role !== 'supabase_admin')
    throw ERRORS.NotAdmin()
}

/**
 * The user of the claims, provided their session still exists: a signed-out session answers
 * 403 `session_not_found`, which makes the client drop its copy.
 */
export async function loadSessionUser(tx: Queryable, claims: UserClaims): Promise<UserRow> {
  const { rows } = await tx.query<Record<string, unknown> & { session_exists: boolean }>(
    `select ${USER_FIELDS},
       ($2::uuid is null or exists (select 1 from auth.sessions s where s.id = $2 and s.user_id = u.id)) as session_exists
     from auth.users u where u.id = $1 and u.deleted_at is null`,
    [claims.sub, claims.session_id ?? null],
  )
  const row = rows[0]
  if (!row) throw ERRORS.UserNotFound(403)
  if (!row.session_exists) throw ERRORS.SessionNotFound(403)
  const user = parseUserRow(row)
  if (user.banned) throw ERRORS.UserBanned(403)
  return user
}

/**
 * Whether this request presents a second factor: an aal2 token whose session is still aal2 (a
 * session drops to aal1 when its factor is removed, before its tokens expire).
 */
export async function presentsSecondFactor(tx: Queryable, claims: UserClaims): Promise<boolean> {
  if (claims.aal !== 'aal2') return false
  if (!claims.session_id) return false
  const { rows } = await tx.query<{ aal: string }>('select aal from auth.sessions where id = $1', [
    claims.session_id,
  ])
  return rows[0]?.aal === 'aal2'
}
