import { Outlet, useLocation } from 'react-router'
import { paths } from '../../../config/paths'
import { readTenancySummary } from '../../../features/tenancy/api/tenancy-summary'
import { loadFullStylesheet } from '../../../lib/full-stylesheet'
import { hasStoredSession } from '../../../lib/session/auth-storage'
import { readBeforeRender } from '../../../lib/session/session-store'
import { storedUserId } from '../../../lib/session/stored-user-id'
import { RequireArea } from '../../guards/require-area'
import { TenantFrame } from './tenant-frame'

/** The tenant portal's guard and frame, around every tenant page but the login. */
export default function TenantLayout() {
  const { pathname } = useLocation()
  // The dashboard's served HTML draws the page at once for a returning tenant (decision 041): their
  // dashboard keeps it while the session is checked rather than swapping in a skeleton. The same
  // rule as the HTML's (dashboard-first-paint.tsx): a session and a heading remembered for its user.
  const keepPage =
    pathname === paths.tenant.dashboard.getHref() &&
    hasStoredSession() &&
    readTenancySummary(storedUserId()) !== undefined
  return (
    <RequireArea area="tenant" keepPageWhileLoading={keepPage}>
      <TenantFrame>
        <Outlet />
      </TenantFrame>
    </RequireArea>
  )
}

/**
 * Awaited by the route before the portal's first render (`page` in routes.tsx), when the page is opened by its
 * address with a session stored by an earlier visit: reads that session through supabase-js (the
 * same read the session engine's first check makes, refreshing an expired token), so the app's
 * first frame is the page for its user (decision 045). Without it the page was drawn as nobody,
 * then the guard, the frame and every card again once the engine reported the session: three
 * commits and two layouts of the whole page for one screen. The dashboard's early queries
 * (prefetch-dashboard.ts) have usually made this read already; it then costs one storage read.
 * Any failure leaves the usual check to the session provider.
 */
export async function ready(): Promise<void> {
  await Promise.all([loadFullStylesheet(), readStoredSession()])
}

async function readStoredSession(): Promise<void> {
  if (readBeforeRender.taken || !hasStoredSession()) return
  try {
    const { getSupabase } = await import('../../../lib/supabase-client')
    const { data } = await getSupabase().auth.getSession()
    if (data.session && !readBeforeRender.taken) readBeforeRender.session = data.session
  } catch {
    // The provider checks the session as usual.
  }
}
