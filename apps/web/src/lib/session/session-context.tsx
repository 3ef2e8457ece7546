import {
  createContext,
  type ReactNode,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { useLocation, useNavigate } from 'react-router'
import { getMonitor } from '../monitoring/init'
import { areaOf } from './area'
import { hasStoredSession } from './auth-storage'
import { readBeforeRender, type SessionSnapshot, SessionStore } from './session-store'

interface SessionContextValue {
  store: SessionStore
  /** Whether the session engine (and with it supabase-js) is wanted on this page. */
  active: boolean
}

const SessionContext = createContext<SessionContextValue | null>(null)

/**
 * True while a guard draws its page's frame before the first session check has ended (the tenant
 * dashboard's first paint, `RequireArea keepPageWhileLoading`): the page then sees nobody signed in,
 * so it loads nothing of anyone's until the guard has decided (decision 041).
 */
const SessionPendingContext = createContext(false)

/** Marks the page below as drawn before the session check has ended (see SessionPendingContext). */
export function SessionPending({ pending, children }: { pending: boolean; children: ReactNode }) {
  return <SessionPendingContext value={pending}>{children}</SessionPendingContext>
}

const SERVER_SNAPSHOT = new SessionStore({ loading: false, tenantId: null }).getSnapshot()

/**
 * The one session provider of the app (docs/product/site.md §4), inside the router so it can redirect. It is on
 * every page but light: supabase-js and the auth-event handling (`session-engine.ts`) are loaded
 * only on tenant and admin routes, or on a public page when a session from an earlier visit is
 * stored. Everywhere else nobody can be signed in, so the first session check is the storage
 * check and `loading` is false at once.
 */
export function SessionProvider({ children, store: given }: { children: ReactNode; store?: SessionStore }) {
  const { pathname } = useLocation()
  const wanted = areaOf(pathname) !== null || (typeof window !== 'undefined' && hasStoredSession())
  const [store] = useState(() => {
    if (given) return given
    const created = new SessionStore()
    // Already read before this first render (the dashboard's early queries, decision 045): the
    // page is drawn for its user at once, not as nobody and again when the engine reports it.
    const checked = readBeforeRender.session
    readBeforeRender.taken = true
    readBeforeRender.session = undefined
    if (checked && wanted) created.setSession(checked, { loading: false })
    return created
  })
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  // Once wanted, the engine stays: leaving the portal for a public page keeps the session live.
  // Started from the first render when wanted then (one render of the provider fewer).
  const [started, setStarted] = useState(wanted)
  const active = started || wanted

  useEffect(() => {
    if (!active) return
    setStarted(true)
  }, [active])

  useEffect(() => {
    if (!started) return
    let stop: (() => void) | undefined
    let cancelled = false
    import('./session-engine')
      .then(({ startSessionEngine }) => {
        if (cancelled) return
        stop = startSessionEngine({
          store,
          navigate: (to, options) => navigateRef.current(to, options),
          pathname: () => window.location.pathname,
        })
      })
      .catch((error: unknown) => {
        // The code could not be fetched (offline, a new deployment): nobody can be signed in.
        getMonitor().reportError(error)
        store.update({ loading: false })
      })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [started, store])

  const value = useMemo(() => ({ store, active }), [store, active])
  return <SessionContext value={value}>{children}</SessionContext>
}

export interface SessionValue extends SessionSnapshot {
  /** The spec (docs/product/site.md §4): sets the tenant id in browser storage; empty clears it and the stored tenant data. */
  setTenantId(id: string | null, data?: unknown): void
  /** Signs out of this device ('local'), every device ('global') or every other device ('others'). */
  signOut(scope?: 'local' | 'global' | 'others'): Promise<{ error: { message: string } | null }>
  /** Clears the "your session ended" and link-error notices once shown. */
  dismissNotices(): void
}

/** Who is signed in, for any component under the SessionProvider. */
export function useSession(): SessionValue {
  const context = use(SessionContext)
  if (!context) throw new Error('useSession needs the SessionProvider (app/routes/root.tsx)')
  const { store, active } = context
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, () => SERVER_SNAPSHOT)
  return useMemo(
    () => ({
      ...snapshot,
      loading: active ? snapshot.loading : false,
      setTenantId: store.setTenantId,
      signOut: async (scope = 'local') => (await store.whenReady()).signOut(scope),
      dismissNotices: () => store.update({ ended: null, linkError: null }),
    }),
    [snapshot, active, store],
  )
}

/**
 * The signed-in user's id alone, for components that need nothing else of the session: they
 * re-render when the user changes, not on every refreshed token or tenant id as `useSession()` does.
 */
export function useSignedInUserId(): string | undefined {
  const context = use(SessionContext)
  if (!context) throw new Error('useSignedInUserId needs the SessionProvider (app/routes/root.tsx)')
  const { store } = context
  const pending = use(SessionPendingContext)
  // While pending, the snapshot stays undefined, so the check ending re-renders nobody until the
  // guard lets the page see the user.
  return useSyncExternalStore(
    store.subscribe,
    () => (pending ? undefined : store.getSnapshot().user?.id),
    () => undefined,
  )
}

/** The spec (docs/product/site.md §4) tenant id setter, without subscribing to the session. */
export function useSetTenantId(): SessionValue['setTenantId'] {
  const context = use(SessionContext)
  if (!context) throw new Error('useSetTenantId needs the SessionProvider (app/routes/root.tsx)')
  return context.store.setTenantId
}
