import { centreAddress } from '@genesis/contracts/centre-settings'
import { useQuery } from '@tanstack/react-query'
import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { getCentreSettingsQueryOptions } from '../../../features/centre/api/get-centre-settings'
import { SecurityCompromises } from '../../../features/privacy/components/security-compromises'

/** /admin/privacy/incidents: the security compromise register (POPIA s22), signed by the centre. */
export default function AdminSecurityCompromisesPage() {
  const settings = useQuery(getCentreSettingsQueryOptions())
  const party = {
    centre_name: settings.data?.centre_name ?? 'The centre',
    address: settings.data ? centreAddress(settings.data) : '',
    phone: settings.data?.phone ?? '',
    management_email: settings.data?.management_email ?? '',
  }
  return (
    <>
      <PageMeta
        title={paths.admin.securityCompromises.title}
        description="Security compromises of personal information, and who was notified when."
        path={paths.admin.securityCompromises.getHref()}
        noindex
      />
      <SecurityCompromises party={party} />
    </>
  )
}
