import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { Dashboard } from '../../../features/dashboard/components/dashboard'

/** /admin/dashboard: the centre in figures, the latest enquiries live, page views. */
export default function AdminDashboardPage() {
  return (
    <>
      <PageMeta
        title={paths.admin.dashboard.title}
        description="The Genesis Centre back office dashboard."
        path={paths.admin.dashboard.getHref()}
        noindex
      />
      <Dashboard />
    </>
  )
}
