import { useEffect } from 'react'
import { PageMeta } from '../../../components/seo/page-meta'
import { paths } from '../../../config/paths'
import { useMyTenancy } from '../../../features/tenancy/api/get-my-tenancy'
import { TenancyWelcome } from '../../../features/tenancy/components/tenancy-welcome'
import { useSession } from '../../../lib/session/session-context'

/** /tenant/dashboard: the tenant's shop, lease, statements, listing, requests and account. */
export default function TenantDashboardPage() {
  const session = useSession()
  const tenancy = useMyTenancy(session.user?.id)
  const { setTenantId } = session

  // Spec §3 Tenant context: the signed-in tenant's id in browser storage under tenant_id.
  useEffect(() => {
    const t = tenancy.data
    if (!t) return
    setTenantId(t.id, { companyName: t.company_name, shopNo: t.shop?.shop_no ?? null })
  }, [tenancy.data, setTenantId])

  return (
    <>
      <PageMeta
        title={paths.tenant.dashboard.title}
        description="Your shop, lease, statements and listing at Genesis Centre."
        path={paths.tenant.dashboard.getHref()}
        noindex
      />
      <TenancyWelcome
        tenancy={tenancy.data}
        isPending={tenancy.isPending}
        error={tenancy.error}
        onRetry={() => void tenancy.refetch()}
      />
    </>
  )
}
