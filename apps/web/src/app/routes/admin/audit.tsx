import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { AuditTrail } from '../../../features/audit/components/audit-trail'

/** /admin/audit: the audit trail, searchable by person and record. */
export default function AdminAuditPage() {
  return (
    <>
      <PageMeta
        title={paths.admin.audit.title}
        description="Every change made to the centre's records."
        path={paths.admin.audit.getHref()}
        noindex
      />
      <AuditTrail />
    </>
  )
}
