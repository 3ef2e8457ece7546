import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { notify } from '../../../components/ui/toasts'
import { paths } from '../../../config/paths'
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form'
import { TwoFactorSettings } from '../../../features/auth/components/two-factor-settings'
import { useMyMaintenanceRequests } from '../../../features/maintenance/api/get-my-maintenance-requests'
import { MaintenanceRequestForm } from '../../../features/maintenance/components/maintenance-request-form'
import { MaintenanceRequestsList } from '../../../features/maintenance/components/maintenance-requests-list'
import { useNotices } from '../../../features/notices/api/get-notices'
import { NoticesCard } from '../../../features/notices/components/notices-card'
import { PowerReportForm } from '../../../features/power-status/components/power-report-form'
import { useRentalStatements } from '../../../features/statements/api/get-rental-statements'
import { useUtilityStatements } from '../../../features/statements/api/get-utility-statements'
import { BalanceDueCard } from '../../../features/statements/components/balance-due-card'
import { PaymentProofAction } from '../../../features/statements/components/payment-proof-action'
import { RentalStatementsTable } from '../../../features/statements/components/rental-statements-table'
import { UtilityStatementsTable } from '../../../features/statements/components/utility-statements-table'
import { useMyTenancy } from '../../../features/tenancy/api/get-my-tenancy'
import { LeaseSummary } from '../../../features/tenancy/components/lease-summary'
import { TenancyWelcome } from '../../../features/tenancy/components/tenancy-welcome'
import { WhatsOnItemForm } from '../../../features/whats-on/components/whats-on-form'
import { WhatsOnManager } from '../../../features/whats-on/components/whats-on-manager'
import { useSession } from '../../../lib/session/session-context'
import { ListingTabLoader } from './listing-tab-loader'
import { useTenantLiveUpdates } from './use-live-updates'

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'statements', label: 'Statements' },
  { id: 'listing', label: 'My listing' },
  { id: 'whats-on', label: "What's on" },
  { id: 'maintenance', label: 'Maintenance' },
  { id: 'account', label: 'Account' },
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
  const requests = useMyMaintenanceRequests(userId)
  useTenantLiveUpdates(userId)
  const { setTenantId } = session
  async function signOut(scope: 'local' | 'global') {
    const { error } = await session.signOut(scope)
    if (error) notify.error('Sign-out failed', { description: error.message })
  }
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: TabId = isTab(requested) ? requested : 'overview'

  // The spec (docs/product/site.md §3) Tenant context: the signed-in tenant's id in browser storage under tenant_id.
  useEffect(() => {
    const t = tenancy.data
    if (!t) return
    setTenantId(t.id, { companyName: t.company_name, shopNo: t.shop?.shop_no ?? null })
  }, [tenancy.data, setTenantId])

  // On a phone the tab row scrolls sideways: keep the open tab in view (e.g. after a link to ?tab=account).
  const tabList = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the open tab changes
  useEffect(() => {
    const active = tabList.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [tab])

  const shopNo = tenancy.data?.shop?.shop_no ?? null
  const tenantId = tenancy.data?.id
  const shopId = tenancy.data?.shop?.id
  const needsTenancy = (what: string) =>
    tenancy.isPending ? null : (
      <p className="text-sm text-stone-600">{what} appears once your account is linked to your shop.</p>
    )

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
        <TabsList ref={tabList} aria-label="Dashboard sections">
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
          <Card className="mt-4">
            <CardHeader>
              <CardTitle>Power and trading status</CardTitle>
              <CardDescription>
                Tell shoppers whether your store is trading during load-shedding. It shows live on your store
                page and in the directory.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {shopId ? (
                <PowerReportForm shopId={shopId} heading="Report your store's state" />
              ) : (
                needsTenancy('Your trading status')
              )}
            </CardContent>
          </Card>
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
        <TabsContent value="listing">
          <Card>
            <CardHeader>
              <CardTitle>My listing</CardTitle>
              <CardDescription>
                What visitors see in the store directory and on your store page.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {shopId ? <ListingTabLoader shopId={shopId} /> : needsTenancy('Your listing')}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="whats-on" className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>Your specials</CardTitle>
              <CardDescription>
                Specials appear on the What's on page and the home page once the centre management has
                approved them, and leave by themselves when they end.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-8 lg:grid-cols-2">
              {shopId ? (
                <>
                  <WhatsOnItemForm
                    kind="special"
                    shopId={shopId}
                    heading="New special"
                    actions={[
                      { status: 'submitted', label: 'Submit for approval', primary: true },
                      { status: 'draft', label: 'Save draft' },
                    ]}
                  />
                  <WhatsOnManager area="tenant" shopId={shopId} />
                </>
              ) : (
                needsTenancy('Your specials')
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="maintenance" className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>Log a maintenance request</CardTitle>
              <CardDescription>
                Tell the centre management what needs fixing in or around your shop.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {tenantId && shopId ? (
                <MaintenanceRequestForm tenantId={tenantId} />
              ) : (
                needsTenancy('The request form')
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Your requests</CardTitle>
            </CardHeader>
            <CardContent>
              <MaintenanceRequestsList
                tenantId={tenantId ?? ''}
                requests={requests.data}
                isPending={requests.isPending}
                error={requests.error}
                onRetry={() => void requests.refetch()}
              />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="account" className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>Password</CardTitle>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Two-factor sign-in</CardTitle>
              <CardDescription>
                A code from an app on your phone, asked for each time you sign in.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <TwoFactorSettings userId={userId} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Sign out</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void signOut('local')}>
                Sign out of this device
              </Button>
              <Button variant="outline" onClick={() => void signOut('global')}>
                Sign out of all devices
              </Button>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </>
  )
}
