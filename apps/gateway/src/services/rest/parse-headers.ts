import { ERRORS } from './errors.ts'

/** What the client asked for with `Prefer` (docs/protocol/rest.md §3.6). Unknown tokens are ignored. */
export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | 'null' | null
  rollback: boolean
  /** `handling=strict, max-affected=n`: a write touching more rows fails (PGRST124) and rolls back. */
  maxAffected: number | null
}

export function parsePrefer(headers: (string | undefined | null)[]): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    rollback: false,
    maxAffected: null,
  }
  let strict = false
  let maxAffected: number | null = null
  for (const header of headers) {
    if (!header) continue
    for (const token of header.split(',')) {
      const [key, value] = token.split('=').map((s) => s.trim().toLowerCase())
      if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only'))
        prefs.return = value
      else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated'))
        prefs.count = value
      else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates'))
        prefs.resolution = value
      else if (key === 'missing' && (value === 'default' || value === 'null')) prefs.missing = value
      else if (key === 'tx') prefs.rollback = value === 'rollback'
      else if (key === 'handling') strict = value === 'strict'
      else if (key === 'max-affected' && /^\d{1,15}$/.test(value ?? '')) maxAffected = Number(value)
    }
  }
  // PostgREST applies max-affected only with strict handling.
  if (strict) prefs.maxAffected = maxAffected
  return prefs
}

export type MediaType = 'json' | 'object' | 'csv'

/**
 * The representation named by `Accept` (§3.7): JSON array (default), one object
 * (`application/vnd.pgrst.object+json`) or CSV; anything else is 406 PGRST107.
 */
export function parseAccept(accept: string | undefined | null): MediaType {
  if (!accept) return 'json'
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    if (params.some((p) => p.startsWith('nulls='))) continue
    if (type === '' || type === '*/*' || type === 'application/*' || type === 'application/json')
      return 'json'
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return 'object'
    if (type === 'application/vnd.pgrst.array+json') return 'json'
    if (type === 'text/csv' || type === 'text/*') return 'csv'
  }
  throw ERRORS.NotAcceptable(accept)
}

/** The schema named by `Accept-Profile` (reads) or `Content-Profile` (writes); the first exposed one by default. */
export function pickSchema(profile: string | undefined | null, exposed: string[]): string {
  if (!profile) return exposed[0] ?? 'public'
  if (!exposed.includes(profile)) throw ERRORS.InvalidSchema(profile, exposed)
  return profile
}
