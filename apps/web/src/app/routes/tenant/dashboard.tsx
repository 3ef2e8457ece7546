import { useEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { paths } from '../../../config/paths'
import { useNotices } from '../../../features/notices/api/get-notices'
import { NoticesCard } from '../../../features/notices/components/notices-card'
import { useRentalStatements } from '../../../features/statements/api/get-rental-statements'
import { BalanceDueCard } from '../../../features/statements/components/balance-due-card'
import { useMyTenancy } from '../../../features/tenancy/api/get-my-tenancy'
import { readTenancySummary, summaryOf } from '../../../features/tenancy/api/tenancy-summary'
import { LeaseSummary } from '../../../features/tenancy/components/lease-summary'
import { TenancyWelcome } from '../../../features/tenancy/components/tenancy-welcome'
import { useSession } from '../../../lib/session/session-context'
import { LazyTab, TabLoading } from './lazy-tab'
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
  const notices = useNotices(userId)
  useTenantLiveUpdates(userId)
  const { setTenantId } = session
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: TabId = isTab(requested) ? requested : 'overview'

  // The spec (docs/product/site.md §3) Tenant context: the signed-in tenant's id in browser storage under tenant_id.
  // Its cached data is the heading's summary, drawn at once on the next visit (tenancy-summary.ts).
  const remembered = useMemo(() => readTenancySummary(userId), [userId])
  useEffect(() => {
    const t = tenancy.data
    if (!t || !userId) return
    setTenantId(t.id, summaryOf(userId, t))
  }, [tenancy.data, userId, setTenantId])

  // On a phone the tab row scrolls sideways: keep the open tab in view (e.g. after a link to ?tab=account).
  const tabList = useRef<HTMLDivElement>(null)
  const tabScrolled = useRef(false)
  useEffect(() => {
    // Opened on the first tab, the row is already where it starts: no layout forced while loading.
    if (!tabScrolled.current && tab === TABS[0].id) return
    tabScrolled.current = true
    const active = tabList.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [tab])

  const shopNo = tenancy.data?.shop?.shop_no ?? null
  const tenantId = tenancy.data?.id
  const shopId = tenancy.data?.shop?.id
  // While the tenancy loads, the card already has the height its form will have, so nothing below moves.
  const needsTenancy = (what: string, loadingLabel: string) =>
    tenancy.isPending ? (
      <TabLoading label={loadingLabel} />
    ) : (
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
        remembered={remembered}
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
                <LazyTab
                  load={() => import('./power-panel')}
                  props={{ shopId }}
                  loadingLabel="Loading your store's status"
                  failure="We could not load the status form."
                />
              ) : (
                needsTenancy('Your trading status', "Loading your store's status")
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
          <LazyTab
            load={() => import('./statements-tab')}
            props={{ userId, tenantId, shopNo }}
            loadingLabel="Loading your statements"
            failure="We could not load your statements."
          />
        </TabsContent>
        <TabsContent value="listing" className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>My listing</CardTitle>
              <CardDescription>
                What visitors see in the store directory and on your store page.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {shopId ? (
                <LazyTab
                  load={() => import('./listing-tab')}
                  props={{ shopId }}
                  loadingLabel="Loading your listing"
                  failure="We could not load the listing editor."
                />
              ) : (
                needsTenancy('Your listing', 'Loading your listing')
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Closures and special hours</CardTitle>
              <CardDescription>
                Closed for stocktake, or different hours on a given day: visitors see it on your store page
                and in the directory's open-now status.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {shopId ? (
                <LazyTab
                  load={() => import('./trading-days-panel')}
                  props={{ shopId }}
                  loadingLabel="Loading your trading days"
                  failure="We could not load your trading days."
                />
              ) : (
                needsTenancy('Your trading days', 'Loading your trading days')
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="whats-on" className="space-y-4">
          <LazyTab
            load={() => import('./whats-on-tab')}
            props={{ shopId, unlinked: needsTenancy('Your specials', 'Loading your specials') }}
            loadingLabel="Loading your specials"
            failure="We could not load your specials."
          />
        </TabsContent>
        <TabsContent value="maintenance" className="space-y-4">
          <LazyTab
            load={() => import('./maintenance-tab')}
            props={{
              userId,
              tenantId,
              shopId,
              unlinked: needsTenancy('The request form', 'Loading the request form'),
            }}
            loadingLabel="Loading your maintenance requests"
            failure="We could not load your maintenance requests."
          />
        </TabsContent>
        <TabsContent value="account" className="space-y-4">
          <LazyTab
            load={() => import('./account-tab')}
            props={{}}
            loadingLabel="Loading your account settings"
            failure="We could not load your account settings."
          />
        </TabsContent>
      </Tabs>
    </>
  )
}
