import { Outlet, useLocation } from 'react-router'
import { paths } from '../../../config/paths'
import { hasStoredSession } from '../../../lib/session/auth-storage'
import { RequireArea } from '../../guards/require-area'
import { TenantFrame } from './tenant-frame'

/** The tenant portal's guard and frame, around every tenant page but the login. */
export default function TenantLayout() {
  const { pathname } = useLocation()
  // The dashboard's served HTML draws its frame at once (decision 041): a returning tenant's
  // dashboard keeps that frame while the session is checked rather than swapping in a skeleton.
  const keepPage = pathname === paths.tenant.dashboard.getHref() && hasStoredSession()
  return (
    <RequireArea area="tenant" keepPageWhileLoading={keepPage}>
      <TenantFrame>
        <Outlet />
      </TenantFrame>
    </RequireArea>
  )
}

