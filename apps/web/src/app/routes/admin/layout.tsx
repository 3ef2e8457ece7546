import { Outlet } from 'react-router'
import { env } from '../../../config/env'
import { paths } from '../../../config/paths'
import { loadFullStylesheet } from '../../../lib/full-stylesheet'
import { RequireArea } from '../../guards/require-area'
import { AdminNavDrawer, AdminNavList } from '../../layout/admin-nav'
import { PortalShell } from '../../layout/portal-shell'

/**
 * Every admin page sits behind the admin guard: anonymous visitors go to /admin/login (with
 * `?next=`), tenants to /tenant/dashboard, an admin with an authenticator gives its code first,
 * and (while two-factor is required for admins) an admin without one enrols it before any admin
 * data loads. Inside: the back office frame with its side navigation (a drawer on small screens).
 */
export default function AdminLayout() {
  return (
    <RequireArea
      area="admin"
      twoFactor={env().adminTwoFactorRequired === false ? 'when-enrolled' : 'required'}
    >
      <PortalShell
        areaLabel="Back Office"
        homeHref={paths.admin.dashboard.getHref()}
        width="max-w-7xl"
        nav={<AdminNavDrawer />}
        aside={
          <div className="sticky top-24">
            <AdminNavList />
          </div>
        }
      >
        <Outlet />
      </PortalShell>
    </RequireArea>
  )
}

/** Every rule of the stylesheet before the first frame, when opened from a public page (decision 049). */
export const ready = loadFullStylesheet
