/**
 * The signed-in areas and their fixed routes. Kept apart from config/paths so the session code
 * on every page's first paint stays small; config/paths uses the same strings.
 */
export type Area = 'tenant' | 'admin'

export const AREA_ROUTES = {
  tenant: { login: '/tenant/login', home: '/tenant/dashboard' },
  admin: { login: '/admin/login', home: '/admin/dashboard' },
} as const satisfies Record<Area, { login: string; home: string }>

/** The area a path belongs to, if any. */
export function areaOf(pathname: string): Area | null {
  if (pathname === '/tenant' || pathname.startsWith('/tenant/')) return 'tenant'
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin'
  return null
}

/** The login page of an area, with a same-origin `?next=` back to where the visitor was going. */
export function loginHref(area: Area, next?: string): string {
  const login = AREA_ROUTES[area].login
  if (!next || next === login) return login
  return `${login}?next=${encodeURIComponent(next)}`
}
