import { Outlet } from 'react-router'
import { paths } from '../../../config/paths'
import { RequireArea } from '../../guards/require-area'
import { PortalShell } from '../../layout/portal-shell'

/** The tenant portal's guard and frame, around every tenant page but the login. */
export default function TenantLayout() {
  return (
    <RequireArea area="tenant">
      <PortalShell areaLabel="Tenant Portal" homeHref={paths.tenant.dashboard.getHref()}>
        <Outlet />
      </PortalShell>
    </RequireArea>
  )
}
