import { createHash, createHmac, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import { z } from 'zod'
import type { Queryable } from '../../database/types.ts'
import type { Deps } from '../../deps.ts'
import { auditPayload } from './audit.ts'
import { findUserById, type UserRow } from './users.ts'

/** An authentication method recorded on a session (GoTrue's amr values). */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email/signup'
  | 'email_change'
  | 'anonymous'
  | 'totp'

export const AmrSchema = z.array(z.object({ method: z.string(), timestamp: z.number() }))
export type Amr = z.infer<typeof AmrSchema>

/** The session's amr claims, newest first, as one SQL expression over `$session`. */
export function amrSql(sessionParam: string): string {
  return `(select coalesce(jsonb_agg(jsonb_build_object('method', c.authentication_method,
             'timestamp', extract(epoch from c.updated_at)::bigint) order by c.updated_at desc), '[]'::jsonb)
           from auth.mfa_amr_claims c where c.session_id = ${sessionParam})`
}

/** Refresh tokens are stored only as their SHA-256, so a copy of the table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A new opaque refresh token: 256 random bits. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The token that replaces `token` on rotation. It is derived (HMAC with the gateway's secret)
 * rather than random so that a second tab presenting the same old token within the reuse
 * window receives the same successor, while only hashes are stored.
 */
export function successorToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`refresh-token-successor:${token}`).digest('base64url')
}

export interface SessionInfo {
  id: string
  aal: string
  amr: Amr
}

export interface TokenResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Record<string, unknown>
  weak_password?: { message: string; reasons: string[] }
}

/** Signs the access token of a session (docs/protocol/README.md §1.3). */
export async function signAccessToken(deps: Deps, user: UserRow, session: SessionInfo) {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + deps.config.JWT_EXPIRY
  const token = await new SignJWT({
    iss: `${deps.config.siteUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(deps.keys.jwtSecret))
  return { token, exp }
}

/** The token response ("session") the client stores. */
export async function tokenResponse(
  deps: Deps,
  user: UserRow,
  session: SessionInfo,
  refreshToken: string,
): Promise<TokenResponse> {
  const { token, exp } = await signAccessToken(deps, user, session)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: deps.config.JWT_EXPIRY,
    expires_at: exp,
    refresh_token: refreshToken,
    user: user.json,
  }
}

export interface StartSession {
  userId: string
  email?: string | null
  method: AuthMethod
  ip: string
  userAgent?: string
  /** Written to the audit log with the login. */
  traits?: Record<string, unknown>
}

/**
 * Starts a session: the session row, its first amr claim and refresh token, the user's
 * last_sign_in_at and a `login` audit entry — one statement — then the user as it now is.
 */
export async function startSession(
  tx: Queryable,
  input: StartSession,
): Promise<{ user: UserRow; session: SessionInfo; refreshToken: string }> {
  const refreshToken = newRefreshToken()
  const audit = auditPayload({
    action: 'login',
    actorId: input.userId,
    actorUsername: input.email,
    logType: 'account',
    traits: { provider: 'email', method: input.method, ...input.traits },
  })
  const { rows } = await tx.query<{ id: string }>(
    `with s as (
       insert into auth.sessions (user_id, aal, ip, user_agent, refreshed_at)
       values ($1, 'aal1', $2, $3, now()) returning id),
     a as (insert into auth.mfa_amr_claims (session_id, authentication_method) select id, $4 from s),
     r as (insert into auth.refresh_tokens (token, user_id, session_id) select $5, $1, id from s),
     u as (update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1),
     i as (update auth.identities set last_sign_in_at = now() where user_id = $1),
     l as (insert into auth.audit_log_entries (payload, ip_address) values ($6::json, $2))
     select id from s`,
    [
      input.userId,
      input.ip.slice(0, 64),
      input.userAgent ?? null,
      input.method,
      hashToken(refreshToken),
      JSON.stringify(audit),
    ],
  )
  const sessionId = rows[0].id
  const user = await findUserById(tx, input.userId)
  if (!user) throw new Error('user vanished while starting a session')
  const now = Math.floor(Date.now() / 1000)
  return {
    user,
    session: { id: sessionId, aal: 'aal1', amr: [{ method: input.method, timestamp: now }] },
    refreshToken,
  }
}
