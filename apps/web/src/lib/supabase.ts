import { FunctionsClient } from '@supabase/functions-js'
import { PostgrestClient } from '@supabase/postgrest-js'
import { env } from '../config/env'
import { backendUrl } from './backend'

/** Loaded only through `publicRest()` and `publicFunctions()` of ./backend.ts (decision 067). */
export type PublicRest = PostgrestClient
export type PublicFunctions = FunctionsClient

/**
 * The headers supabase-js sends for a visitor without a session: the anon key as `apikey` and as
 * the bearer token. Public pages act as anon even when someone is signed in, so what they show
 * never depends on who is looking (decision 009).
 */
function anonHeaders(): Record<string, string> {
  const key = env().anonKey
  return { apikey: key, Authorization: `Bearer ${key}` }
}

/*
 * Resolved at call time rather than captured at construction, as supabase-js's resolveFetch
 * would: the tests install their fake backend behind globalThis.fetch after this module loads.
 */
const callFetch: typeof fetch = (input, init) => fetch(input, init)

let rest: PostgrestClient | undefined
let functions: FunctionsClient | undefined

/**
 * The REST client public pages read with: supabase-js's own `@supabase/postgrest-js`, configured
 * as `createClient(...).rest` is for anon. It is ~11 KiB gzip against ~55 KiB for the full client,
 * whose auth client a public page never needs.
 */
export function publicRest(): PostgrestClient {
  rest ??= new PostgrestClient(`${backendUrl()}/rest/v1`, { headers: anonHeaders(), fetch: callFetch })
  return rest
}

/** The Edge Functions client public forms submit with (`createClient(...).functions` for anon). */
export function publicFunctions(): FunctionsClient {
  functions ??= new FunctionsClient(`${backendUrl()}/functions/v1`, {
    headers: anonHeaders(),
    customFetch: callFetch,
  })
  return functions
}
