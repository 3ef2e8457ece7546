/**
 * What the app keeps in browser storage about who is signed in. Read on every page's start, so
 * this module stays tiny and never imports the Supabase client.
 */

/** Where supabase-js persists the session (`auth.storageKey`); fixed so pages can look for it cheaply. */
export const AUTH_STORAGE_KEY = 'genesis-auth-token'
/** The spec (docs/product/site.md §3) Tenant context: the signed-in tenant's id, and the cached tenant data removed on logout. */
export const TENANT_ID_KEY = 'tenant_id'
export const TENANT_DATA_KEY = 'tenant_data'

function local(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined // storage disabled (privacy mode, sandboxed frame)
  }
}

/** True when a session from an earlier visit is stored (then a public page loads the full client). */
export function hasStoredSession(): boolean {
  return Boolean(local()?.getItem(AUTH_STORAGE_KEY))
}

/** The tenant id restored from browser storage at start (raw or JSON-encoded, as older builds wrote it). */
export function readTenantId(): string | null {
  const raw = local()?.getItem(TENANT_ID_KEY)
  if (!raw) return null
  const value = raw.replace(/^"(.*)"$/, '$1')
  return value && value !== 'null' && value !== 'undefined' ? value : null
}

/**
 * Stores the tenant id; an empty id clears it and the stored tenant data (docs/product/site.md §4). `data` is a
 * small summary the portal shows while the tenant's record loads again.
 */
export function writeTenantId(id: string | null, data?: unknown): void {
  const storage = local()
  if (!storage) return
  try {
    if (!id) {
      storage.removeItem(TENANT_ID_KEY)
      storage.removeItem(TENANT_DATA_KEY)
      return
    }
    storage.setItem(TENANT_ID_KEY, id)
    if (data !== undefined) storage.setItem(TENANT_DATA_KEY, JSON.stringify(data))
  } catch {
    // Quota or privacy mode: the portal works without the cache.
  }
}

/** Removes the cached tenant data (docs/product/site.md §4, on SIGNED_OUT). */
export function removeTenantData(): void {
  try {
    local()?.removeItem(TENANT_DATA_KEY)
  } catch {
    // Nothing to remove.
  }
}

/** The cached tenant summary, if any. */
export function readTenantData(): unknown {
  try {
    const raw = local()?.getItem(TENANT_DATA_KEY)
    return raw ? JSON.parse(raw) : undefined
  } catch {
    return undefined
  }
}
