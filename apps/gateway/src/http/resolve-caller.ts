import { createSecretKey, type KeyObject } from 'node:crypto'
import { errors as joseErrors, jwtVerify } from 'jose'
import type { Caller } from '../database/request-scope.ts'
import type { Keys } from '../keys.ts'

/** Why a request's credentials were refused; each service renders it in its own error shape. */
export type CallerProblem =
  | { kind: 'missing_apikey'; message: 'No API key found in request' }
  | { kind: 'invalid_apikey'; message: 'Invalid authentication credentials' }
  | { kind: 'invalid_jwt'; message: string; reason: 'expired' | 'malformed' | 'signature' | 'claims' }

export type CallerResult =
  | { ok: true; caller: Caller; token: string | undefined }
  | { ok: false; problem: CallerProblem }

const CLOCK_SKEW_SECONDS = 30

// Importing the HMAC key on every request costs more than checking the signature; keep one per secret.
const secretKeys = new Map<string, KeyObject>()
function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret)
  if (!key) {
    key = createSecretKey(new TextEncoder().encode(secret))
    secretKeys.set(secret, key)
  }
  return key
}

/** The bearer token of an `Authorization` header, or undefined. */
export function bearerToken(authorization: string | undefined | null): string | undefined {
  if (!authorization) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  return match ? match[1] : undefined
}

/**
 * jose's check of an HS256 token against the gateway's secret and, during a rotation, against the
 * previous one (JWT_SECRET_PREVIOUS) when the signature does not match the current.
 */
async function verifyWithSecrets(token: string, keys: Keys, clockTolerance: number) {
  const options = { algorithms: ['HS256'], clockTolerance }
  try {
    return await jwtVerify(token, secretKey(keys.jwtSecret), options)
  } catch (error) {
    if (keys.previousJwtSecret && error instanceof joseErrors.JWSSignatureVerificationFailed) {
      return await jwtVerify(token, secretKey(keys.previousJwtSecret), options)
    }
    throw error
  }
}

/**
 * Verifies an HS256 JWT signed with the gateway's secret (or, during a rotation, the previous one):
 * signature, expiry (30 s skew), and — for user tokens — audience `authenticated`. Never downgrades
 * a bad token to anon.
 */
export async function verifyJwt(
  token: string,
  keys: Keys,
): Promise<{ ok: true; claims: Record<string, unknown> } | { ok: false; problem: CallerProblem }> {
  try {
    const { payload } = await verifyWithSecrets(token, keys, CLOCK_SKEW_SECONDS)
    // jose does not look at iat; PostgREST refuses tokens from the future (beyond the clock skew).
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) {
      return {
        ok: false,
        problem: { kind: 'invalid_jwt', reason: 'claims', message: 'JWT issued at future' },
      }
    }
    const role = payload.role
    if (typeof role !== 'string' || role === '') {
      return {
        ok: false,
        problem: { kind: 'invalid_jwt', reason: 'claims', message: 'JWT has no role claim' },
      }
    }
    if (role === 'authenticated') {
      const aud = payload.aud
      const audiences = Array.isArray(aud) ? aud : [aud]
      if (!audiences.includes('authenticated')) {
        return {
          ok: false,
          problem: { kind: 'invalid_jwt', reason: 'claims', message: 'JWT not in audience' },
        }
      }
      if (typeof payload.sub !== 'string') {
        return {
          ok: false,
          problem: { kind: 'invalid_jwt', reason: 'claims', message: 'JWT has no subject' },
        }
      }
    }
    return { ok: true, claims: payload as Record<string, unknown> }
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      return { ok: false, problem: { kind: 'invalid_jwt', reason: 'expired', message: 'JWT expired' } }
    }
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      return {
        ok: false,
        problem: { kind: 'invalid_jwt', reason: 'signature', message: 'JWT cryptographic operation failed' },
      }
    }
    if (error instanceof joseErrors.JWTClaimValidationFailed) {
      const message = error.claim === 'nbf' ? 'JWT not yet valid' : `JWT ${error.reason}`
      return { ok: false, problem: { kind: 'invalid_jwt', reason: 'claims', message } }
    }
    return { ok: false, problem: { kind: 'invalid_jwt', reason: 'malformed', message: 'Invalid JWT' } }
  }
}

const KNOWN_ROLES = new Set(['anon', 'authenticated', 'service_role'])

// Checking a signature costs about 0.1 ms, and the same token arrives on every request of a session
// (the anon key on every anonymous one). A verified token is remembered, per set of keys, until it
// expires; expiry is checked again on every use, so an expired token is still refused.
const VERIFIED_TOKENS_KEPT = 1000
const UNBOUNDED_TOKEN_SECONDS = 60
const verifiedTokens = new WeakMap<Keys, Map<string, { claims: Record<string, unknown>; until: number }>>()

async function verifyJwtRemembered(token: string, keys: Keys): ReturnType<typeof verifyJwt> {
  let cache = verifiedTokens.get(keys)
  if (!cache) {
    cache = new Map()
    verifiedTokens.set(keys, cache)
  }
  const now = Date.now() / 1000
  const hit = cache.get(token)
  if (hit && now <= hit.until) return { ok: true, claims: hit.claims }
  cache.delete(token)
  const result = await verifyJwt(token, keys)
  if (result.ok) {
    const exp = result.claims.exp
    const until = typeof exp === 'number' ? exp + CLOCK_SKEW_SECONDS : now + UNBOUNDED_TOKEN_SECONDS
    if (cache.size >= VERIFIED_TOKENS_KEPT) cache.delete(cache.keys().next().value ?? '')
    cache.set(token, { claims: Object.freeze(result.claims), until })
  }
  return result
}

/**
 * During a rotation, a project key of the previous secret (pages opened before the restart still
 * hold the old anon key): any anon or service_role key it signed, as the exact old string is not
 * known when it came from keys.json. The current secret's keys are compared byte for byte only.
 */
async function isPreviousProjectKey(apikey: string, keys: Keys): Promise<boolean> {
  if (!keys.previousJwtSecret) return false
  try {
    const { payload } = await jwtVerify(apikey, secretKey(keys.previousJwtSecret), {
      algorithms: ['HS256'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    })
    return payload.role === 'anon' || payload.role === 'service_role'
  } catch {
    return false
  }
}

/** Whether an `apikey` is one of the project keys (or, during a rotation, one of the previous secret's). */
export async function isProjectKey(apikey: string, keys: Keys): Promise<boolean> {
  return (
    apikey === keys.anonKey || apikey === keys.serviceRoleKey || (await isPreviousProjectKey(apikey, keys))
  )
}

/**
 * Who is asking (docs/protocol/README.md §1.2): the `apikey` must be one of the project keys; the
 * bearer token (a user JWT or a project key) decides role and claims. No bearer means the apikey's
 * role. A bearer that is present but invalid is refused, never treated as anon.
 */
export async function resolveCaller(
  headers: { apikey?: string | null; authorization?: string | null },
  keys: Keys,
  options: { requireApikey?: boolean } = {},
): Promise<CallerResult> {
  const apikey = headers.apikey ?? undefined
  const bearer = bearerToken(headers.authorization)
  if (options.requireApikey !== false) {
    if (!apikey)
      return { ok: false, problem: { kind: 'missing_apikey', message: 'No API key found in request' } }
    if (!(await isProjectKey(apikey, keys))) {
      return { ok: false, problem: { kind: 'invalid_apikey', message: 'Invalid authentication credentials' } }
    }
  }
  const token = bearer ?? apikey
  if (!token) return { ok: true, caller: { role: 'anon', claims: { role: 'anon' } }, token: undefined }
  const verified = await verifyJwtRemembered(token, keys)
  if (!verified.ok) return verified
  const role = String(verified.claims.role)
  if (!KNOWN_ROLES.has(role)) {
    return {
      ok: false,
      problem: {
        kind: 'invalid_jwt',
        reason: 'claims',
        message: `JWT role "${role}" is not a database role`,
      },
    }
  }
  return { ok: true, caller: { role, claims: verified.claims }, token }
}
