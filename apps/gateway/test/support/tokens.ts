import { SignJWT } from 'jose'
import type { Caller } from '../../src/database/request-scope.ts'

/** The demo users of supabase/seed.sql. */
export const DEMO = {
  admin: { id: '0b0a0000-0000-4000-8000-000000000001', email: 'admin@genesis-centre.test', role: 'admin' },
  tenantA: {
    id: '0b0a0000-0000-4000-8000-00000000000a',
    email: 'tenant.a@genesis-centre.test',
    role: 'tenant',
    tenantId: '7e000000-0000-4000-8000-00000000000a',
  },
  tenantB: {
    id: '0b0a0000-0000-4000-8000-00000000000b',
    email: 'tenant.b@genesis-centre.test',
    role: 'tenant',
    tenantId: '7e000000-0000-4000-8000-00000000000b',
  },
} as const

export type Aal = 'aal1' | 'aal2'

/**
 * The claims an access token of this user carries (docs/protocol/README.md §1.3): `aal1` as after a
 * password sign-in, or `aal2` as after the TOTP code step (what an admin needs to reach admin data
 * while two-factor is required for admins, the default). No `session_id`: a token minted with the
 * secret is not tied to a session (a token from a real sign-in is, and ends with it: see
 * test/attack/session-revocation.test.ts).
 */
export function userClaims(
  user: { id: string; email: string; role: string },
  options: { aal?: Aal } = {},
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  const aal = options.aal ?? 'aal1'
  return {
    iss: 'http://gateway.test/auth/v1',
    sub: user.id,
    aud: 'authenticated',
    exp: now + 3600,
    iat: now,
    email: user.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'], role: user.role },
    user_metadata: { role: user.role },
    role: 'authenticated',
    aal,
    amr: [
      ...(aal === 'aal2' ? [{ method: 'totp', timestamp: now }] : []),
      { method: 'password', timestamp: now },
    ],
    is_anonymous: false,
  }
}

export function asUser(
  user: { id: string; email: string; role: string },
  options: { aal?: Aal } = {},
): Caller {
  return { role: 'authenticated', claims: userClaims(user, options) }
}

/** Signs claims with the test secret (for tokens the auth service would issue). */
export async function signToken(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}
