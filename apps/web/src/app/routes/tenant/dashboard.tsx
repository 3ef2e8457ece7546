import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { paths } from '../../../config/paths'
import { useNotices } from '../../../features/notices/api/get-notices'
import { NoticesCard } from '../../../features/notices/components/notices-card'
import { useRentalStatements } from '../../../features/statements/api/get-rental-statements'
import { useUtilityStatements } from '../../../features/statements/api/get-utility-statements'
import { BalanceDueCard } from '../../../features/statements/components/balance-due-card'
import { PaymentProofAction } from '../../../features/statements/components/payment-proof-action'
import { RentalStatementsTable } from '../../../features/statements/components/rental-statements-table'
import { UtilityStatementsTable } from '../../../features/statements/components/utility-statements-table'
import { useMyTenancy } from '../../../features/tenancy/api/get-my-tenancy'
import { LeaseSummary } from '../../../features/tenancy/components/lease-summary'
import { TenancyWelcome } from '../../../features/tenancy/components/tenancy-welcome'
import { useSession } from '../../../lib/session/session-context'

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'statements', label: 'Statements' },
] as const
type TabId = (typeof TABS)[number]['id']
const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value)

/** /tenant/dashboard: the tenant's shop, lease, balance, notices and statements (issue 12). */
export default function TenantDashboardPage() {
  const session = useSession()
  const userId = session.user?.id
  const tenancy = useMyTenancy(userId)
  const rental = useRentalStatements(userId)
  const utility = useUtilityStatements(userId)
  const notices = useNotices(userId)
  const { setTenantId } = session
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: TabId = isTab(requested) ? requested : 'overview'

  // The spec (docs/product/site.md §3) Tenant context: the signed-in tenant's id in browser storage under tenant_id.
  useEffect(() => {
    const t = tenancy.data
    if (!t) return
    setTenantId(t.id, { companyName: t.company_name, shopNo: t.shop?.shop_no ?? null })
  }, [tenancy.data, setTenantId])

  const shopNo = tenancy.data?.shop?.shop_no ?? null
  const tenantId = tenancy.data?.id

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
      <Tabs
        className="mt-6"
        value={tab}
        onValueChange={(next) =>
          setParams(
            (p) => {
              if (next === 'overview') p.delete('tab')
              else p.set('tab', next)
              return p
            },
            { replace: true },
          )
        }
      >
        <TabsList aria-label="Dashboard sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <div className="grid gap-4 lg:grid-cols-2">
            <BalanceDueCard
              statements={rental.data}
              isPending={rental.isPending}
              error={rental.error}
              onRetry={() => void rental.refetch()}
            />
            <LeaseSummary
              tenancy={tenancy.data}
              isPending={tenancy.isPending}
              error={tenancy.error}
              onRetry={() => void tenancy.refetch()}
            />
          </div>
          <div className="mt-4">
            <NoticesCard
              notices={notices.data}
              isPending={notices.isPending}
              error={notices.error}
              onRetry={() => void notices.refetch()}
            />
          </div>
        </TabsContent>
        <TabsContent value="statements" className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>Rental statements</CardTitle>
            </CardHeader>
            <CardContent>
              <RentalStatementsTable
                statements={rental.data}
                isPending={rental.isPending}
                error={rental.error}
                onRetry={() => void rental.refetch()}
                shopNo={shopNo}
                actions={
                  tenantId
                    ? (s) => <PaymentProofAction tenantId={tenantId} kind="rental" statement={s} />
                    : undefined
                }
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Utility statements</CardTitle>
            </CardHeader>
            <CardContent>
              <UtilityStatementsTable
                statements={utility.data}
                isPending={utility.isPending}
                error={utility.error}
                onRetry={() => void utility.refetch()}
                shopNo={shopNo}
                actions={
                  tenantId
                    ? (s) => <PaymentProofAction tenantId={tenantId} kind="utility" statement={s} />
                    : undefined
                }
              />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </>
  )
}
