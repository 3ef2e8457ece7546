import { AUTH_STORAGE_KEY } from './auth-storage'

/**
 * The user id of the session stored by an earlier visit, unverified (the session may have ended
 * since): only for choosing what a page draws while the session check runs, never to load data.
 */
export function storedUserId(): string | undefined {
  try {
    const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(AUTH_STORAGE_KEY)
    const id: unknown = raw ? JSON.parse(raw)?.user?.id : undefined
    return typeof id === 'string' && id ? id : undefined
  } catch {
    return undefined
  }
}
