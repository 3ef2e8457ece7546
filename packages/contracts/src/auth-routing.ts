/**
 * Who goes where after signing in. No zod here: the session provider runs this on every page's
 * first paint.
 */

/**
 * The `?next=` target after signing in: only a path on this site. Anything that could leave it
 * (`//evil.example`, `https://…`, `/\evil`, control characters) or that would loop back to a
 * login page gives `fallback`.
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || next.length > 2000) return fallback
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback
  let url: URL
  try {
    url = new URL(next, 'http://same-origin.invalid')
  } catch {
    return fallback
  }
  if (url.origin !== 'http://same-origin.invalid') return fallback
  if (/^\/(tenant|admin)\/login\/?$/.test(url.pathname)) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** The role the web app reads (spec §6: user_metadata.role; the server mirrors app_metadata.role into it). */
export function roleOf(
  user: {
    app_metadata?: Record<string, unknown> | null
    user_metadata?: Record<string, unknown> | null
  } | null,
): string | null {
  const role = user?.user_metadata?.role ?? user?.app_metadata?.role
  return typeof role === 'string' && role ? role : null
}

export const ADMIN_ROLE = 'admin'
