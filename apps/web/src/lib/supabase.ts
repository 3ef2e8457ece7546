import { createClient } from '@supabase/supabase-js'
import { env } from '../config/env'

/** The one supabase-js client of the app: the configured backend, else this gateway's own origin. */
export const supabase = createClient(env().supabaseUrl ?? window.location.origin, env().anonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
})
