import type { Monitor } from './monitor'

/** The part of a supabase-js User the monitor needs. */
export interface AuthUserLike {
  id: string
  user_metadata?: Record<string, unknown> | null
}

/**
 * Records the auth transitions of docs/product/site.md §4 (call it from `supabase.auth.onAuthStateChange`):
 * SIGNED_IN identifies the user with their role and records session_start and a login_attempt
 * (method email, success); SIGNED_OUT records logout and forgets the user. INITIAL_SESSION with a
 * user re-identifies without counting a new login.
 */
export function recordAuthEvent(
  monitor: Monitor,
  event: string,
  user: AuthUserLike | null | undefined,
): void {
  const rawRole = user?.user_metadata?.role
  const role = typeof rawRole === 'string' ? rawRole : null
  switch (event) {
    case 'SIGNED_IN':
      if (!user) return
      monitor.identify(user.id, { role })
      monitor.recordAction('session_start', { role })
      monitor.recordAction('login_attempt', { method: 'email', success: true })
      return
    case 'INITIAL_SESSION':
      if (user) monitor.identify(user.id, { role })
      return
    case 'SIGNED_OUT':
      monitor.recordAction('logout')
      monitor.identify(null)
      return
    default:
      return
  }
}

/** A failed sign-in (the form's error path): recorded as a login_attempt without success. */
export function recordFailedLogin(monitor: Monitor, reason: string): void {
  monitor.recordAction('login_attempt', { method: 'email', success: false, reason: reason.slice(0, 200) })
}
