import { env } from '../config/env'
import type { PublicFunctions, PublicRest } from './supabase'

/** The backend's base URL: the configured one, else this gateway's own origin. */
export function backendUrl(): string {
  return (env().supabaseUrl ?? window.location.origin).replace(/\/$/, '')
}

/**
 * Public URL of an object in a public bucket, in Storage's documented format
 * (`/storage/v1/object/public/{bucket}/{path}`, what `getPublicUrl` returns), so rendering an
 * image never waits for a client.
 */
export function publicStorageUrl(bucket: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  return `${backendUrl()}/storage/v1/object/public/${bucket}/${encoded}`
}

/*
 * The clients themselves (`@supabase/postgrest-js` and `@supabase/functions-js`, ~20 KB of
 * JavaScript) are loaded when a read or a submit is made, not with the page (decision 067): a page
 * the gateway rendered hands its data over, so it reads nothing while it starts, and every page
 * compiled them in the entry for nothing. Import `./supabase` only through these two.
 */

/** The REST client public pages read with (anon), loaded on the first read. */
export async function publicRest(): Promise<PublicRest> {
  return (await import('./supabase')).publicRest()
}

/** The Edge Functions client public forms submit with (anon), loaded on the first submit. */
export async function publicFunctions(): Promise<PublicFunctions> {
  return (await import('./supabase')).publicFunctions()
}
