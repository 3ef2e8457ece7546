import { roleOf } from '@genesis/contracts/auth-routing'
import type { Session, User } from '@supabase/supabase-js'
import { readTenantId, removeTenantData, writeTenantId } from './auth-storage'

/**
 * How the last session ended: 'signed-out' when the person asked, 'expired' when a refresh
 * failed (revoked session, password changed elsewhere), which the login page explains.
 */
export type SessionEndReason = 'expired' | 'signed-out'

export interface SessionSnapshot {
  /** The spec (docs/product/site.md §4): true until the first session check has finished. */
  loading: boolean
  session: Session | null
  user: User | null
  /** user_metadata.role (docs/product/site.md §6), else app_metadata.role. */
  role: string | null
  /** The spec (docs/product/site.md §3) Tenant context, restored from browser storage at start. */
  tenantId: string | null
  /** A PASSWORD_RECOVERY link was opened: the set-new-password screen comes first. */
  recovering: boolean
  /** Set when a session ended in this tab. */
  ended: SessionEndReason | null
  /** The error an auth link came back with (expired, already used), in the server's words. */
  linkError: string | null
}

type Listener = () => void

/**
 * A session supabase-js had already read (and refreshed if need be) before the app's first render:
 * the tenant portal's route reads it (`ready` in routes/tenant/layout.tsx, decision 045), and the
 * provider then starts from it instead of drawing its page as nobody and again once the session
 * engine reports it. `taken` is set when the provider is created: after that nothing is seeded.
 * Kept this small because it is part of every public page's script (the budget).
 */
export const readBeforeRender: { session?: Session; taken?: boolean } = {}

/** What the lazily loaded session engine does for the store (sign-out needs the client). */
export interface SessionActions {
  signOut(scope: 'local' | 'global' | 'others'): Promise<{ error: { message: string } | null }>
}

/**
 * The app's one record of who is signed in. The light part (this store and the provider) is on
 * every page; the session engine, which brings supabase-js, fills it in once loaded. Components
 * read it through `useSession()`.
 */
export class SessionStore {
  private snapshot: SessionSnapshot
  private readonly listeners = new Set<Listener>()
  private actions: SessionActions | undefined
  private readonly actionWaiters: ((a: SessionActions) => void)[] = []

  constructor(initial?: Partial<SessionSnapshot>) {
    this.snapshot = {
      loading: true,
      session: null,
      user: null,
      role: null,
      // Browser storage is read only when the caller does not say: the server's snapshot, made
      // while the app's modules evaluate, must not be the page's first touch of localStorage (a
      // synchronous round trip to the browser process, decision 044).
      tenantId: initial && 'tenantId' in initial ? (initial.tenantId ?? null) : readTenantId(),
      recovering: false,
      ended: null,
      linkError: null,
      ...initial,
    }
  }

  getSnapshot = (): SessionSnapshot => this.snapshot

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  update(patch: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch }
    for (const l of this.listeners) l()
  }

  /** Sets (or clears) the signed-in session; the role follows the user. */
  setSession(session: Session | null, extra: Partial<SessionSnapshot> = {}): void {
    const user = session?.user ?? null
    this.update({ session, user, role: roleOf(user), ...extra })
  }

  /** The spec (docs/product/site.md §4): sets the tenant id; empty clears it and the stored tenant data. */
  setTenantId = (id: string | null, data?: unknown): void => {
    writeTenantId(id, data)
    if (id !== this.snapshot.tenantId) this.update({ tenantId: id || null })
  }

  /** The spec (docs/product/site.md §4) SIGNED_OUT: tenant_data removed (and the id with it: nobody is signed in). */
  forgetTenant(): void {
    removeTenantData()
    this.setTenantId(null)
  }

  attach(actions: SessionActions): void {
    this.actions = actions
    for (const w of this.actionWaiters.splice(0)) w(actions)
  }

  /** Resolves once the engine is running (sign-out before it loaded waits for it). */
  whenReady(): Promise<SessionActions> {
    if (this.actions) return Promise.resolve(this.actions)
    return new Promise((resolve) => this.actionWaiters.push(resolve))
  }
}
