import { Outlet } from 'react-router'
import { env } from '../../../config/env'
import { RequireArea } from '../../guards/require-area'

/**
 * Every admin page sits behind the admin guard: anonymous visitors go to /admin/login (with
 * `?next=`), tenants to /tenant/dashboard, and an admin with an authenticator gives its code
 * first. The back office issue adds its frame and navigation here.
 */
export default function AdminLayout() {
  return (
    <RequireArea
      area="admin"
      twoFactor={env().adminTwoFactorRequired === false ? 'when-enrolled' : 'required'}
    >
      <Outlet />
    </RequireArea>
  )
}
