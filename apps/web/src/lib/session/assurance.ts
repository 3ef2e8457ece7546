import type { Session } from '@supabase/supabase-js'

export type AssuranceLevel = 'aal1' | 'aal2'

export interface Assurance {
  /** The level the access token carries. */
  current: AssuranceLevel | null
  /** The level this user can reach: aal2 once they have a verified TOTP factor. */
  next: AssuranceLevel | null
  hasVerifiedFactor: boolean
  /** Signed in with a password only, while a verified factor waits for its code. */
  needsChallenge: boolean
}

function claimsOf(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1] ?? ''
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=')
    const parsed: unknown = JSON.parse(atob(base64))
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * The session's assurance level, worked out as supabase-js's `getAuthenticatorAssuranceLevel`
 * does (the token's `aal` claim, the user's verified factors) but synchronously, so a guard can
 * decide in its first render. The database enforces the same rule (private.has_required_aal()).
 */
export function assuranceOf(session: Session | null): Assurance {
  if (!session) return { current: null, next: null, hasVerifiedFactor: false, needsChallenge: false }
  const claim = claimsOf(session.access_token).aal
  const current: AssuranceLevel = claim === 'aal2' ? 'aal2' : 'aal1'
  const hasVerifiedFactor = (session.user.factors ?? []).some(
    (f) => f.status === 'verified' && f.factor_type === 'totp',
  )
  const next: AssuranceLevel = hasVerifiedFactor ? 'aal2' : 'aal1'
  return { current, next, hasVerifiedFactor, needsChallenge: next === 'aal2' && current !== 'aal2' }
}
