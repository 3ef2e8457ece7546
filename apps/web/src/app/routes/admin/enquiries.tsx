import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { EnquiryInbox } from '../../../features/enquiry-inbox/components/enquiry-inbox'

/** /admin/enquiries: every enquiry ever sent, live. */
export default function AdminEnquiriesPage() {
  return (
    <>
      <PageMeta
        title={paths.admin.enquiries.title}
        description="Every enquiry sent to Genesis Centre."
        path={paths.admin.enquiries.getHref()}
        noindex
      />
      <EnquiryInbox />
    </>
  )
}
