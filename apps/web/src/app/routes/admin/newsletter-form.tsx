import { centreAddress } from '@genesis/contracts/centre-settings'
import { useMemo } from 'react'
import { useParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { NewsletterEditorPage } from '../../../features/newsletter-admin/components/newsletter-editor'

/** /admin/newsletter/new and /admin/newsletter/edit/{id}: compose with a live preview, test, send. */
export default function AdminNewsletterFormPage() {
  const { id } = useParams()
  const route = id ? paths.admin.editNewsletter : paths.admin.newNewsletter
  // Who every message names as its sender, and how to reach them (centre_settings), for the preview.
  const centre = useCentreSettings()
  const sender = useMemo(
    () => ({
      name: centre.centre_name,
      address: centreAddress(centre),
      phone: centre.phone,
      email: centre.general_email,
      websiteUrl: window.location.origin,
    }),
    [centre],
  )
  return (
    <>
      <PageMeta
        title={route.title}
        description="Compose a newsletter to the centre's subscribers."
        path={id ? paths.admin.editNewsletter.getHref(id) : paths.admin.newNewsletter.getHref()}
        noindex
      />
      <NewsletterEditorPage key={id ?? 'new'} id={id} sender={sender} />
    </>
  )
}
