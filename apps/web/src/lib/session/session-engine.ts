import { ADMIN_ROLE, roleOf } from '@genesis/contracts/auth-routing'
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import { recordAuthEvent } from '../monitoring/auth-events'
import { getMonitor, type Monitor } from '../monitoring/init'
import { getSupabase } from '../supabase-client'
import { AREA_ROUTES, areaOf, loginHref } from './area'
import type { SessionStore } from './session-store'

/** The spec (docs/product/site.md §4): a non-admin who signs in is sent to the tenant dashboard after 100 ms. */
export const TENANT_REDIRECT_DELAY_MS = 100

export interface SessionEngineOptions {
  store: SessionStore
  navigate: (to: string, options?: { replace?: boolean }) => void
  /** The current path (read when needed, not captured). */
  pathname: () => string
  /** The current path with query and hash, for `?next=`. */
  location?: () => string
  client?: SupabaseClient
  monitor?: Monitor
  /** The URL fragment an auth link returned with (defaults to the page's). */
  hash?: () => string
  /** Removes the handled fragment from the address bar. */
  clearHash?: () => void
}

/**
 * The error an e-mailed link came back with (`#error_description=…`), in the server's words.
 * supabase-js would only log it; the login page shows it.
 */
function linkErrorFrom(hash: string): string | null {
  if (!hash.includes('error_description=') && !hash.includes('error=')) return null
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const description = params.get('error_description')
  if (!description && !params.get('error')) return null
  return description || 'This link is not valid any more.'
}

/**
 * Connects supabase-js's auth events to the app (docs/product/site.md §4), as the session provider's lazily
 * loaded half:
 *
 * - INITIAL_SESSION ends the loading state and identifies a restored user (no new login counted);
 * - SIGNED_IN for someone new identifies them with their role, records session_start and a
 *   successful email login attempt, and sends a non-admin to /tenant/dashboard after 100 ms
 *   unless already there. supabase-js also emits SIGNED_IN when it restores a stored session
 *   (before INITIAL_SESSION) and when a tab becomes visible again (same user): those are not
 *   sign-ins and are not counted or redirected;
 * - SIGNED_OUT records logout and removes tenant_data; when nobody asked for it (a refresh that
 *   failed because the session was revoked or the password changed elsewhere) a portal page
 *   returns to its login with `?next=` and the login says why; forms keep their drafts;
 * - TOKEN_REFRESHED, USER_UPDATED and MFA_CHALLENGE_VERIFIED replace the session silently;
 * - PASSWORD_RECOVERY (the recovery link) and an invite link put the set-new-password screen first.
 *
 * Returns a function that stops listening.
 */
export function startSessionEngine(options: SessionEngineOptions): () => void {
  const { store, navigate, pathname } = options
  const monitor = options.monitor ?? getMonitor()
  const here = options.location ?? (() => window.location.pathname + window.location.search)
  const hash = options.hash ?? (() => window.location.hash)
  const clearHash =
    options.clearHash ??
    (() =>
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      ))

  const linkError = linkErrorFrom(hash())
  if (linkError) {
    store.update({ linkError })
    clearHash()
  } else if (/[#&]type=(recovery|invite)(&|$)/.test(hash())) {
    // supabase-js announces PASSWORD_RECOVERY only after INITIAL_SESSION: without this the login
    // page would see a signed-in user and move on before the new password is chosen. An invite
    // link (a tenant's first visit) comes back as SIGNED_IN only: its password is chosen here too.
    store.update({ recovering: true })
  }
  const client = options.client ?? getSupabase()

  let initialised = false
  let currentUserId: string | null = store.getSnapshot().user?.id ?? null
  let voluntarySignOut = false
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const redirectNonAdmin = (session: Session) => {
    if (roleOf(session.user) === ADMIN_ROLE) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (pathname() !== AREA_ROUTES.tenant.home) navigate(AREA_ROUTES.tenant.home)
    }, TENANT_REDIRECT_DELAY_MS)
    timers.add(timer)
  }

  /**
   * Whether `session` is the one the store already holds, checked (same user, same access token):
   * the first report of a session the provider started from (decision 045) changes nothing.
   */
  const holds = (session: Session | null) => {
    const s = store.getSnapshot()
    return !s.loading && s.user?.id === session?.user.id && s.session?.access_token === session?.access_token
  }

  const handle = (event: AuthChangeEvent, session: Session | null) => {
    switch (event) {
      case 'INITIAL_SESSION': {
        initialised = true
        currentUserId = session?.user.id ?? null
        // The provider may have started from this very session (read before the first render,
        // decision 045): then nothing changes and nothing is drawn again.
        if (!holds(session)) store.setSession(session, { loading: false })
        recordAuthEvent(monitor, event, session?.user)
        return
      }
      case 'SIGNED_IN': {
        if (!session) return
        const isNewSignIn = initialised && session.user.id !== currentUserId
        currentUserId = session.user.id
        if (!isNewSignIn) {
          // A stored session restored (or a tab shown again): the same person.
          if (!holds(session)) store.setSession(session)
          return
        }
        store.setSession(session, { ended: null, linkError: null, recovering: false })
        recordAuthEvent(monitor, event, session.user)
        redirectNonAdmin(session)
        return
      }
      case 'SIGNED_OUT': {
        const hadUser = currentUserId !== null
        currentUserId = null
        recordAuthEvent(monitor, event, null)
        store.forgetTenant()
        const involuntary = hadUser && !voluntarySignOut
        store.setSession(null, {
          loading: false,
          recovering: false,
          ended: involuntary ? 'expired' : hadUser ? 'signed-out' : null,
        })
        const area = areaOf(pathname())
        if (area && pathname() !== AREA_ROUTES[area].login) {
          navigate(involuntary ? loginHref(area, here()) : AREA_ROUTES[area].login, { replace: true })
        }
        return
      }
      case 'PASSWORD_RECOVERY': {
        currentUserId = session?.user.id ?? currentUserId
        store.setSession(session, { recovering: true, linkError: null })
        return
      }
      default: {
        // TOKEN_REFRESHED, USER_UPDATED, MFA_CHALLENGE_VERIFIED: the same person, a new session.
        if (session) store.setSession(session)
      }
    }
  }

  // supabase-js calls back while it holds its auth lock: nothing here may await a client call.
  const { data } = client.auth.onAuthStateChange(handle)
  store.attach({
    async signOut(scope) {
      voluntarySignOut = true
      try {
        const { error } = await client.auth.signOut({ scope })
        return { error: error ? { message: error.message } : null }
      } finally {
        voluntarySignOut = false
      }
    },
  })

  return () => {
    data.subscription.unsubscribe()
    for (const t of timers) clearTimeout(t)
    timers.clear()
  }
}
