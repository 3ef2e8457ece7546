import { decodeJwt } from 'jose'
import type { Caller } from '../../database/request-scope.ts'
import { verifyJwt } from '../../http/resolve-caller.ts'
import type { Keys } from '../../keys.ts'
import { CHANNEL_ERRORS, SYSTEM_MESSAGES } from './realtime-errors.ts'

export type AccessTokenCheck =
  | { ok: true; caller: Caller; expiresAt: number }
  | { ok: false; reason: string; message: string }

const DATABASE_ROLES = new Set(['anon', 'authenticated', 'service_role'])

/**
 * Checks a channel's access token (docs/protocol/realtime.md §6.4, §6.8): signature, a database role,
 * and `exp`, which realtime requires and enforces without the HTTP services' clock skew because
 * the channel is closed at that instant anyway. `reason` is for a join reply, `message` for a
 * system push.
 */
export async function verifyAccessToken(
  token: string,
  keys: Keys,
  now = Date.now(),
): Promise<AccessTokenCheck> {
  const verified = await verifyJwt(token, keys)
  if (!verified.ok) {
    const problem = verified.problem
    if (problem.kind === 'invalid_jwt' && problem.reason === 'expired') return expired(token, now)
    if (problem.kind === 'invalid_jwt' && problem.reason === 'malformed') {
      const message = 'The token provided is not a valid JWT'
      return { ok: false, reason: CHANNEL_ERRORS.MalformedJwt(message), message }
    }
    return { ok: false, reason: CHANNEL_ERRORS.InvalidJwt(problem.message), message: problem.message }
  }
  const { claims } = verified
  const role = claims.role
  const exp = claims.exp
  if (typeof role !== 'string' || typeof exp !== 'number') {
    const message = 'Fields `role` and `exp` are required in JWT'
    return { ok: false, reason: CHANNEL_ERRORS.InvalidJwt(message), message }
  }
  if (!DATABASE_ROLES.has(role)) {
    const message = `JWT role "${role}" is not a database role`
    return { ok: false, reason: CHANNEL_ERRORS.InvalidJwt(message), message }
  }
  if (exp * 1000 <= now) return expired(token, now)
  return { ok: true, caller: { role, claims }, expiresAt: exp * 1000 }
}

function expired(token: string, now: number): AccessTokenCheck {
  let secondsAgo = 0
  try {
    // Only to word the message: the signature was already checked (or the token is refused anyway).
    const exp = decodeJwt(token).exp
    if (typeof exp === 'number') secondsAgo = Math.max(0, Math.floor(now / 1000 - exp))
  } catch {
    secondsAgo = 0
  }
  const message = SYSTEM_MESSAGES.TokenExpired(secondsAgo)
  return { ok: false, reason: CHANNEL_ERRORS.InvalidJwt(message), message }
}
