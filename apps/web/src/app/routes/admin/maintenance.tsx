import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { MaintenanceBoard } from '../../../features/maintenance/components/maintenance-board'

/** /admin/maintenance: every tenant's maintenance requests, live. */
export default function AdminMaintenancePage() {
  return (
    <>
      <PageMeta
        title={paths.admin.maintenance.title}
        description="Maintenance requests from the centre's tenants."
        path={paths.admin.maintenance.getHref()}
        noindex
      />
      <MaintenanceBoard />
    </>
  )
}
