import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { PrivacyRequests } from '../../../features/privacy/components/privacy-requests'

/** /admin/privacy: data-subject requests (find, export, erase). */
export default function AdminPrivacyPage() {
  return (
    <>
      <PageMeta
        title={paths.admin.privacy.title}
        description="What the centre keeps about a person: find, export and erase it."
        path={paths.admin.privacy.getHref()}
        noindex
      />
      <PrivacyRequests />
    </>
  )
}
