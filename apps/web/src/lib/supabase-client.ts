import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { env } from '../config/env'
import { backendUrl } from './backend'
import { AUTH_STORAGE_KEY } from './session/auth-storage'

let client: SupabaseClient | undefined

/**
 * The one full supabase-js client of the app (auth, storage, realtime), for the tenant and admin
 * areas. This module is only ever loaded on demand (by the session engine, and by tenant and
 * admin pages), so no public page carries supabase-js unless a stored session asks for it.
 */
export function getSupabase(): SupabaseClient {
  client ??= createClient(backendUrl(), env().anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      storageKey: AUTH_STORAGE_KEY,
    },
  })
  return client
}

/** Tests replace the client with one pointed at their fake backend. */
export function setSupabaseForTests(next: SupabaseClient | undefined): void {
  client = next
}
