import { Outlet, useLocation } from 'react-router'
import { paths } from '../../../config/paths'
import { readTenancySummary } from '../../../features/tenancy/api/tenancy-summary'
import { hasStoredSession } from '../../../lib/session/auth-storage'
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
