import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { NoticeBoard } from '../../../features/notice-board/components/notice-board'

/** /admin/notices: notices to all tenants or chosen shops. */
export default function AdminNoticesPage() {
  return (
    <>
      <PageMeta
        title={paths.admin.notices.title}
        description="Notices to the centre's tenants."
        path={paths.admin.notices.getHref()}
        noindex
      />
      <NoticeBoard />
    </>
  )
}
