import { describe, expect, it, vi } from 'vitest'
import { recordAuthEvent, recordFailedLogin } from './auth-events'
import type { Monitor } from './monitor'

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

const USER = { id: '0b0a0000-0000-4000-8000-00000000000a', user_metadata: { role: 'tenant' } }

describe('auth events in monitoring (docs/product/site.md §4)', () => {
  it('on SIGNED_IN identifies the user with their role, records session start and a successful email login', () => {
    const monitor = spyMonitor()
    recordAuthEvent(monitor, 'SIGNED_IN', USER)
    expect(monitor.identify).toHaveBeenCalledWith(USER.id, { role: 'tenant' })
    expect(monitor.recordAction.mock.calls).toEqual([
      ['session_start', { role: 'tenant' }],
      ['login_attempt', { method: 'email', success: true }],
    ])
  })

  it('on SIGNED_OUT records a logout and forgets the user', () => {
    const monitor = spyMonitor()
    recordAuthEvent(monitor, 'SIGNED_OUT', null)
    expect(monitor.recordAction).toHaveBeenCalledWith('logout')
    expect(monitor.identify).toHaveBeenCalledWith(null)
  })

  it('on INITIAL_SESSION re-identifies without counting a login; other events record nothing', () => {
    const monitor = spyMonitor()
    recordAuthEvent(monitor, 'INITIAL_SESSION', { id: USER.id, user_metadata: { role: 42 } })
    recordAuthEvent(monitor, 'TOKEN_REFRESHED', USER)
    expect(monitor.identify).toHaveBeenCalledWith(USER.id, { role: null })
    expect(monitor.recordAction).not.toHaveBeenCalled()
  })

  it('records a failed login attempt', () => {
    const monitor = spyMonitor()
    recordFailedLogin(monitor, 'Invalid login credentials')
    expect(monitor.recordAction).toHaveBeenCalledWith('login_attempt', {
      method: 'email',
      success: false,
      reason: 'Invalid login credentials',
    })
  })
})
