import type { Session } from '@supabase/supabase-js'
import { AUTH_STORAGE_KEY } from '../lib/session/auth-storage'
import { setSupabaseForTests } from '../lib/supabase-client'

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

export const TEST_USERS = {
  tenantA: {
    id: '0b0a0000-0000-4000-8000-00000000000a',
    email: 'tenant.a@genesis-centre.test',
    role: 'tenant',
  },
  tenantB: {
    id: '0b0a0000-0000-4000-8000-00000000000b',
    email: 'tenant.b@genesis-centre.test',
    role: 'tenant',
  },
  admin: { id: '0b0a0000-0000-4000-8000-000000000001', email: 'admin@genesis-centre.test', role: 'admin' },
} as const

/**
 * A session as supabase-js stores it (the token is not signed: only the gateway checks
 * signatures, and these tests talk to a fake one). `aal` and `factors` set the two-factor state.
 */
export function testSession(
  who: keyof typeof TEST_USERS,
  options: { aal?: 'aal1' | 'aal2'; verifiedFactor?: boolean } = {},
): Session {
  const user = TEST_USERS[who]
  const now = Math.floor(Date.now() / 1000)
  const claims = {
    sub: user.id,
    email: user.email,
    role: 'authenticated',
    aal: options.aal ?? 'aal1',
    exp: now + 3600,
    app_metadata: { role: user.role },
    user_metadata: { role: user.role },
  }
  return {
    access_token: `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`,
    refresh_token: 'test-refresh-token',
    expires_in: 3600,
    expires_at: now + 3600,
    token_type: 'bearer',
    user: {
      id: user.id,
      aud: 'authenticated',
      email: user.email,
      created_at: '2026-01-01T00:00:00Z',
      app_metadata: { role: user.role },
      user_metadata: { role: user.role },
      factors: options.verifiedFactor
        ? [
            {
              id: 'factor-1',
              factor_type: 'totp',
              status: 'verified',
              friendly_name: 'Authenticator app',
              created_at: '2026-01-01T00:00:00Z',
              updated_at: '2026-01-01T00:00:00Z',
            },
          ]
        : undefined,
    },
  } as Session
}

/**
 * Starts the next render signed in (or signed out, with null), as a returning visitor would be:
 * the session is where supabase-js keeps it, and a fresh client reads it.
 */
export function storeTestSession(session: Session | null): void {
  setSupabaseForTests(undefined)
  if (session) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session))
  else localStorage.removeItem(AUTH_STORAGE_KEY)
}
