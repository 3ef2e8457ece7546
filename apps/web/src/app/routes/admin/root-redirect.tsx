import { Navigate } from 'react-router'
import { paths } from '../../../config/paths'

/** /admin itself opens the dashboard. */
export default function AdminRootRedirect() {
  return <Navigate to={paths.admin.dashboard.getHref()} replace />
}
