import type { SupabaseClient } from '@supabase/supabase-js'
import { env } from '../config/env'

/** The backend's base URL: the configured one, else this gateway's own origin. */
export function backendUrl(): string {
  return (env().supabaseUrl ?? window.location.origin).replace(/\/$/, '')
}

let client: Promise<SupabaseClient> | undefined

/**
 * The one supabase-js client of the app, created on first use. supabase-js is loaded with a
 * dynamic import so the first paint of a page does not wait for its ~58 KiB (mostly the auth
 * client): the page's shell renders while the library arrives in parallel (decision 009).
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(backendUrl(), env().anonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    }),
  )
  return client
}

/**
 * Public URL of an object in a public bucket, in Storage's documented format
 * (`/storage/v1/object/public/{bucket}/{path}`, what `getPublicUrl` returns), so rendering an
 * image never waits for the client.
 */
export function publicStorageUrl(bucket: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  return `${backendUrl()}/storage/v1/object/public/${bucket}/${encoded}`
}
