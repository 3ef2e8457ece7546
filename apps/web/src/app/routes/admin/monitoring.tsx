import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { MonitoringScreen } from '../../../features/monitoring/components/monitoring-screen'

/** /admin/monitoring: page views, top pages, Web Vitals, errors and slow resources of the site. */
export default function AdminMonitoringPage() {
  return (
    <>
      <PageMeta
        title={paths.admin.monitoring.title}
        description="How the centre's website is used and how it performs."
        path={paths.admin.monitoring.getHref()}
        noindex
      />
      <MonitoringScreen />
    </>
  )
}
