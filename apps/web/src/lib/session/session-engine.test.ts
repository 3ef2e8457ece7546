import '../../testing/setup'
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Monitor } from '../monitoring/monitor'
import { startSessionEngine } from './session-engine'
import { SessionStore } from './session-store'

type Listener = (event: AuthChangeEvent, session: Session | null) => void

/** The part of supabase-js the engine uses, with a way to fire its auth events. */
function fakeClient() {
  const listeners = new Set<Listener>()
  const emit = (event: AuthChangeEvent, session: Session | null) => {
    for (const l of listeners) l(event, session)
  }
  const auth = {
    onAuthStateChange(listener: Listener) {
      listeners.add(listener)
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } }
    },
    signOut: vi.fn(async () => {
      emit('SIGNED_OUT', null)
      return { error: null }
    }),
  }
  return { client: { auth } as unknown as SupabaseClient, emit, auth, listeners }
}

function spyMonitor() {
  return {
    track: vi.fn(),
    trackPageView: vi.fn(),
    identify: vi.fn(),
    reportError: vi.fn(),
    recordAction: vi.fn(),
    recordMetric: vi.fn(),
    flush: vi.fn(async () => {}),
    shutdown: vi.fn(),
  } satisfies Monitor
}

const session = (id: string, role: string, token = 'token'): Session =>
  ({
    access_token: token,
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: { id, app_metadata: { role }, user_metadata: { role }, aud: 'authenticated', created_at: '' },
  }) as Session

const TENANT = session('user-tenant', 'tenant')
const ADMIN = session('user-admin', 'admin')

function start(path = '/tenant/login', hash = '') {
  const fake = fakeClient()
  const monitor = spyMonitor()
  const store = new SessionStore()
  const navigate = vi.fn()
  let current = path
  const clearHash = vi.fn()
  const stop = startSessionEngine({
    store,
    navigate: (to) => {
      navigate(to)
      current = to.split('?')[0]
    },
    pathname: () => current,
    location: () => current,
    client: fake.client,
    monitor,
    hash: () => hash,
    clearHash,
  })
  return { ...fake, monitor, store, navigate, stop, clearHash, goTo: (p: string) => (current = p) }
}

beforeEach(() => {
  localStorage.clear()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('the session engine (docs/product/site.md §4)', () => {
  it('keeps loading until the first session check, then clears it', () => {
    const s = start()
    expect(s.store.getSnapshot().loading).toBe(true)
    s.emit('INITIAL_SESSION', null)
    expect(s.store.getSnapshot()).toMatchObject({ loading: false, user: null, role: null })
  })

  it('a restored session is identified but not counted as a sign-in, nor redirected', () => {
    const s = start('/stores')
    // supabase-js announces a stored session as SIGNED_IN before INITIAL_SESSION.
    s.emit('SIGNED_IN', TENANT)
    s.emit('INITIAL_SESSION', TENANT)
    // A tab coming back into view announces the same user again.
    s.emit('SIGNED_IN', TENANT)
    vi.advanceTimersByTime(1000)
    expect(s.monitor.identify).toHaveBeenCalledWith('user-tenant', { role: 'tenant' })
    expect(s.monitor.recordAction).not.toHaveBeenCalled()
    expect(s.navigate).not.toHaveBeenCalled()
    expect(s.store.getSnapshot()).toMatchObject({ loading: false, role: 'tenant' })
  })

  it('a session the provider already started from (decision 045) is identified, but redraws nothing', () => {
    const s = start('/tenant/dashboard')
    s.store.setSession(TENANT, { loading: false })
    const listener = vi.fn()
    s.store.subscribe(listener)
    s.emit('SIGNED_IN', { ...TENANT })
    s.emit('INITIAL_SESSION', { ...TENANT })
    expect(listener).not.toHaveBeenCalled()
    expect(s.monitor.identify).toHaveBeenCalledWith('user-tenant', { role: 'tenant' })
    expect(s.monitor.recordAction).not.toHaveBeenCalled()
    // A different token (refreshed meanwhile) is taken.
    s.emit('TOKEN_REFRESHED', session('user-tenant', 'tenant', 'token-2'))
    expect(listener).toHaveBeenCalledTimes(1)
    expect(s.store.getSnapshot().session?.access_token).toBe('token-2')
  })

  it('a tenant signing in is identified with their role, recorded, and sent to the dashboard after 100 ms', () => {
    const s = start('/tenant/login')
    s.emit('INITIAL_SESSION', null)
    s.emit('SIGNED_IN', TENANT)
    expect(s.monitor.identify).toHaveBeenCalledWith('user-tenant', { role: 'tenant' })
    expect(s.monitor.recordAction.mock.calls).toEqual([
      ['session_start', { role: 'tenant' }],
      ['login_attempt', { method: 'email', success: true }],
    ])
    vi.advanceTimersByTime(99)
    expect(s.navigate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(s.navigate).toHaveBeenCalledWith('/tenant/dashboard')
  })

  it('does not redirect a tenant who is already on the dashboard', () => {
    const s = start('/tenant/login')
    s.emit('INITIAL_SESSION', null)
    s.emit('SIGNED_IN', TENANT)
    s.goTo('/tenant/dashboard')
    vi.advanceTimersByTime(200)
    expect(s.navigate).not.toHaveBeenCalled()
  })

  it('never redirects an admin', () => {
    const s = start('/admin/login')
    s.emit('INITIAL_SESSION', null)
    s.emit('SIGNED_IN', ADMIN)
    vi.advanceTimersByTime(1000)
    expect(s.navigate).not.toHaveBeenCalled()
    expect(s.monitor.identify).toHaveBeenCalledWith('user-admin', { role: 'admin' })
  })

  it('on a refresh that failed: logout recorded, tenant data removed, back to the login with next', () => {
    localStorage.setItem('tenant_id', 'tenant-1')
    localStorage.setItem('tenant_data', '{"companyName":"X"}')
    const s = start('/tenant/dashboard')
    s.emit('INITIAL_SESSION', TENANT)
    s.emit('SIGNED_OUT', null)
    expect(s.monitor.recordAction).toHaveBeenCalledWith('logout')
    expect(localStorage.getItem('tenant_data')).toBeNull()
    expect(localStorage.getItem('tenant_id')).toBeNull()
    expect(s.store.getSnapshot()).toMatchObject({ user: null, ended: 'expired', tenantId: null })
    expect(s.navigate).toHaveBeenCalledWith('/tenant/login?next=%2Ftenant%2Fdashboard')
  })

  it('signing out on purpose goes to the login without a notice', async () => {
    const s = start('/tenant/dashboard')
    s.emit('INITIAL_SESSION', TENANT)
    const actions = await s.store.whenReady()
    await actions.signOut('global')
    expect(s.auth.signOut).toHaveBeenCalledWith({ scope: 'global' })
    expect(s.store.getSnapshot().ended).toBe('signed-out')
    expect(s.navigate).toHaveBeenCalledWith('/tenant/login')
  })

  it('a sign-out on a public page stays there', () => {
    const s = start('/stores')
    s.emit('INITIAL_SESSION', TENANT)
    s.emit('SIGNED_OUT', null)
    expect(s.navigate).not.toHaveBeenCalled()
  })

  it('a recovery link puts the set-new-password screen first, without a redirect', () => {
    const s = start('/tenant/login')
    s.emit('PASSWORD_RECOVERY', TENANT)
    s.emit('INITIAL_SESSION', TENANT)
    vi.advanceTimersByTime(500)
    expect(s.store.getSnapshot()).toMatchObject({ recovering: true, loading: false, role: 'tenant' })
    expect(s.navigate).not.toHaveBeenCalled()
  })

  it('knows a recovery link from its fragment before supabase-js announces it after INITIAL_SESSION', () => {
    const s = start(
      '/tenant/login',
      '#access_token=x&expires_in=3600&refresh_token=y&token_type=bearer&type=recovery&sb=',
    )
    expect(s.store.getSnapshot().recovering).toBe(true)
    s.emit('INITIAL_SESSION', TENANT)
    s.emit('PASSWORD_RECOVERY', TENANT)
    expect(s.store.getSnapshot()).toMatchObject({ recovering: true, loading: false, user: TENANT.user })
  })

  it('an invite link puts the set-new-password screen first: the invited tenant chooses their password', () => {
    const s = start(
      '/tenant/login',
      '#access_token=x&expires_in=3600&refresh_token=y&token_type=bearer&type=invite&sb=',
    )
    // supabase-js stores the link's session and says SIGNED_IN before INITIAL_SESSION (no PASSWORD_RECOVERY).
    s.emit('SIGNED_IN', TENANT)
    s.emit('INITIAL_SESSION', TENANT)
    vi.advanceTimersByTime(500)
    expect(s.store.getSnapshot()).toMatchObject({ recovering: true, loading: false, user: TENANT.user })
    expect(s.navigate).not.toHaveBeenCalled()
  })

  it('shows the error an e-mailed link came back with and clears it from the address', () => {
    const s = start(
      '/tenant/login',
      '#error=access_denied&error_code=otp_expired&error_description=Token+has+expired+or+is+invalid&sb=',
    )
    expect(s.store.getSnapshot().linkError).toBe('Token has expired or is invalid')
    expect(s.clearHash).toHaveBeenCalled()
  })

  it('replaces the session silently on refresh, user update and a verified second factor', () => {
    const s = start('/tenant/dashboard')
    s.emit('INITIAL_SESSION', TENANT)
    for (const event of ['TOKEN_REFRESHED', 'USER_UPDATED', 'MFA_CHALLENGE_VERIFIED'] as const) {
      const next = session('user-tenant', 'tenant', `token-${event}`)
      s.emit(event, next)
      expect(s.store.getSnapshot().session?.access_token).toBe(`token-${event}`)
    }
    expect(s.monitor.recordAction).not.toHaveBeenCalled()
    expect(s.navigate).not.toHaveBeenCalled()
  })

  it('stops listening when stopped', () => {
    const s = start()
    s.stop()
    expect(s.listeners.size).toBe(0)
  })
})

describe('the tenant id (docs/product/site.md §3, §4)', () => {
  it('is restored from browser storage at start, and setting it empty clears tenant_data', () => {
    localStorage.setItem('tenant_id', 'tenant-7')
    const store = new SessionStore()
    expect(store.getSnapshot().tenantId).toBe('tenant-7')
    store.setTenantId('tenant-8', { companyName: 'Y' })
    expect(localStorage.getItem('tenant_id')).toBe('tenant-8')
    expect(localStorage.getItem('tenant_data')).toBe('{"companyName":"Y"}')
    store.setTenantId('')
    expect(store.getSnapshot().tenantId).toBeNull()
    expect(localStorage.getItem('tenant_id')).toBeNull()
    expect(localStorage.getItem('tenant_data')).toBeNull()
  })
})
