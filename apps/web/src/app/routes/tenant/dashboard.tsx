import { useQuery } from '@tanstack/react-query'
import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { PlainTabs, TabsPanel } from '../../../components/ui/plain-tabs'
import { paths } from '../../../config/paths'
import { useNotices } from '../../../features/notices/api/get-notices'
import { NoticesCard } from '../../../features/notices/components/notices-card'
import { useRentalStatements } from '../../../features/statements/api/get-rental-statements'
import { BalanceDueCard } from '../../../features/statements/components/balance-due-card'
import { getMyTenancyQueryOptions, useMyTenancy } from '../../../features/tenancy/api/get-my-tenancy'
import { readTenancySummary, summaryOf } from '../../../features/tenancy/api/tenancy-summary'
import { LeaseSummary } from '../../../features/tenancy/components/lease-summary'
import { TenancyWelcome } from '../../../features/tenancy/components/tenancy-welcome'
import { useSetTenantId, useSignedInUserId } from '../../../lib/session/session-context'
import { storedUserId } from '../../../lib/session/stored-user-id'
import { LazyTab, TabLoading } from './lazy-tab'
import { PowerPanelLoading } from './power-panel-loading'
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
/**
 * The overview's cards below a phone's first screen (the power and trading status, the notices):
 * the browser skips their style, layout and paint while they are off screen (`content-visibility:
 * auto`, with a remembered size), in the served first paint and in the app's first frame alike.
 * They are drawn, in the document and in the accessibility tree, like every other part.
 */
const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_36rem]'

/** The ids of the tab buttons and panels (one dashboard per page). */
const TABS_ID = 'dashboard'
const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value)

/**
 * The parts of the tenancy the tabs need: which tenant and shop. Through `select`, a component
 * using it re-renders when these change, not when any other field of the record does.
 */
function useTenancyRefs(userId: string | undefined) {
  const { data, isPending } = useQuery({
    ...getMyTenancyQueryOptions(userId),
    select: (t) => (t ? { tenantId: t.id, shopId: t.shop?.id, shopNo: t.shop?.shop_no ?? null } : null),
  })
  return { tenantId: data?.tenantId, shopId: data?.shopId, shopNo: data?.shopNo ?? null, isPending }
}

/** A card's loading state while the tenancy loads, else the line saying the account is not linked yet. */
function NeedsTenancy({
  isPending,
  what,
  loadingLabel,
}: {
  isPending: boolean
  what: string
  loadingLabel: string
}) {
  return isPending ? (
    <TabLoading label={loadingLabel} />
  ) : (
    <p className="text-sm text-stone-600">{what} appears once your account is linked to your shop.</p>
  )
}

/*
 * Each part of the dashboard subscribes to its own query: an answer re-renders that card, not the
 * page. (TanStack Query notifies through useSyncExternalStore, whose renders React never splits,
 * so a page subscribed to every query drew itself whole, in one task, for each answer.)
 */

/** The heading: the tenant's company and shop; remembered from the last visit while it loads again. */
const DashboardHeading = memo(function DashboardHeading() {
  const userId = useSignedInUserId()
  const tenancy = useMyTenancy(userId)
  const setTenantId = useSetTenantId()
  // The spec (docs/product/site.md §3) Tenant context: the signed-in tenant's id in browser storage under tenant_id.
  // Its cached data is the heading's summary, drawn at once on the next visit (tenancy-summary.ts),
  // also while the session is still checked (then for the stored session's user, decision 041).
  const remembered = useMemo(() => readTenancySummary(userId ?? storedUserId()), [userId])
  useEffect(() => {
    const t = tenancy.data
    if (!t || !userId) return
    setTenantId(t.id, summaryOf(userId, t))
  }, [tenancy.data, userId, setTenantId])
  return (
    <TenancyWelcome
      tenancy={tenancy.data}
      remembered={remembered}
      isPending={tenancy.isPending}
      error={tenancy.error}
      onRetry={() => void tenancy.refetch()}
    />
  )
})

const BalanceCard = memo(function BalanceCard() {
  const userId = useSignedInUserId()
  const rental = useRentalStatements(userId)
  return (
    <BalanceDueCard
      statements={rental.data}
      isPending={rental.isPending}
      error={rental.error}
      onRetry={() => void rental.refetch()}
    />
  )
})

const LeaseCard = memo(function LeaseCard() {
  const userId = useSignedInUserId()
  const tenancy = useMyTenancy(userId)
  return (
    <LeaseSummary
      tenancy={tenancy.data}
      isPending={tenancy.isPending}
      error={tenancy.error}
      onRetry={() => void tenancy.refetch()}
    />
  )
})

const TradingStatusCard = memo(function TradingStatusCard() {
  const userId = useSignedInUserId()
  const { shopId, isPending } = useTenancyRefs(userId)
  return (
    <Card className={`mt-4 ${BELOW_THE_FOLD}`}>
      <CardHeader>
        <CardTitle>Power and trading status</CardTitle>
        <CardDescription>
          Tell shoppers whether your store is trading during load-shedding. It shows live on your store page
          and in the directory.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {shopId ? (
          <LazyTab
            load={() => import('./power-panel')}
            props={{ shopId }}
            loadingLabel="Loading your store's status"
            failure="We could not load the status form."
            fallback={<PowerPanelLoading />}
          />
        ) : isPending ? (
          <PowerPanelLoading />
        ) : (
          <p className="text-sm text-stone-600">
            Your trading status appears once your account is linked to your shop.
          </p>
        )}
      </CardContent>
    </Card>
  )
})

const NoticesSection = memo(function NoticesSection() {
  const userId = useSignedInUserId()
  const notices = useNotices(userId)
  // The list (with each notice's Markdown) is drawn in a background render React can pause for
  // input; until then the card keeps its loading state.
  const list = useDeferredValue(notices.data)
  return (
    <div className="mt-4">
      <NoticesCard
        className={BELOW_THE_FOLD}
        notices={list}
        isPending={notices.isPending || (notices.data !== undefined && list === undefined)}
        error={notices.error}
        onRetry={() => void notices.refetch()}
      />
    </div>
  )
})

const StatementsSection = memo(function StatementsSection() {
  const userId = useSignedInUserId()
  const { tenantId, shopNo } = useTenancyRefs(userId)
  return (
    <LazyTab
      load={() => import('./statements-tab')}
      props={{ userId, tenantId, shopNo }}
      loadingLabel="Loading your statements"
      failure="We could not load your statements."
    />
  )
})

const ListingSection = memo(function ListingSection() {
  const userId = useSignedInUserId()
  const { shopId, isPending } = useTenancyRefs(userId)
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>My listing</CardTitle>
          <CardDescription>What visitors see in the store directory and on your store page.</CardDescription>
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
            <NeedsTenancy isPending={isPending} what="Your listing" loadingLabel="Loading your listing" />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Closures and special hours</CardTitle>
          <CardDescription>
            Closed for stocktake, or different hours on a given day: visitors see it on your store page and in
            the directory's open-now status.
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
            <NeedsTenancy
              isPending={isPending}
              what="Your trading days"
              loadingLabel="Loading your trading days"
            />
          )}
        </CardContent>
      </Card>
    </>
  )
})

const WhatsOnSection = memo(function WhatsOnSection() {
  const userId = useSignedInUserId()
  const { shopId, isPending } = useTenancyRefs(userId)
  return (
    <LazyTab
      load={() => import('./whats-on-tab')}
      props={{
        shopId,
        unlinked: (
          <NeedsTenancy isPending={isPending} what="Your specials" loadingLabel="Loading your specials" />
        ),
      }}
      loadingLabel="Loading your specials"
      failure="We could not load your specials."
    />
  )
})

const MaintenanceSection = memo(function MaintenanceSection() {
  const userId = useSignedInUserId()
  const { tenantId, shopId, isPending } = useTenancyRefs(userId)
  return (
    <LazyTab
      load={() => import('./maintenance-tab')}
      props={{
        userId,
        tenantId,
        shopId,
        unlinked: (
          <NeedsTenancy
            isPending={isPending}
            what="The request form"
            loadingLabel="Loading the request form"
          />
        ),
      }}
      loadingLabel="Loading your maintenance requests"
      failure="We could not load your maintenance requests."
    />
  )
})

/** The dashboard's live updates (use-live-updates.ts), for whoever is signed in. */
function LiveUpdates() {
  useTenantLiveUpdates(useSignedInUserId())
  return null
}

/** /tenant/dashboard: the tenant's shop, lease, balance, notices and statements (issue 12). */
export default function TenantDashboardPage() {
  // The page itself subscribes to no query and not to the session: each part reads who is signed
  // in, so the moment the session check ends (the page may already be drawn, decision 041)
  // re-renders those parts, not the tabs around them.
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: TabId = isTab(requested) ? requested : 'overview'

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

  return (
    <>
      <PageMeta
        title={paths.tenant.dashboard.title}
        description="Your shop, lease, statements and listing at Genesis Centre."
        path={paths.tenant.dashboard.getHref()}
        noindex
      />
      <LiveUpdates />
      <DashboardHeading />
      <div className="mt-6">
        <PlainTabs
          base={TABS_ID}
          label="Dashboard sections"
          tabs={TABS}
          value={tab}
          listRef={tabList}
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
        />
        <TabsPanel base={TABS_ID} value="overview" selected={tab === 'overview'}>
          <div className="grid gap-4 lg:grid-cols-2">
            <BalanceCard />
            <LeaseCard />
          </div>
          <TradingStatusCard />
          <NoticesSection />
        </TabsPanel>
        <TabsPanel base={TABS_ID} value="statements" selected={tab === 'statements'} className="space-y-4">
          <StatementsSection />
        </TabsPanel>
        <TabsPanel base={TABS_ID} value="listing" selected={tab === 'listing'} className="space-y-4">
          <ListingSection />
        </TabsPanel>
        <TabsPanel base={TABS_ID} value="whats-on" selected={tab === 'whats-on'} className="space-y-4">
          <WhatsOnSection />
        </TabsPanel>
        <TabsPanel base={TABS_ID} value="maintenance" selected={tab === 'maintenance'} className="space-y-4">
          <MaintenanceSection />
        </TabsPanel>
        <TabsPanel base={TABS_ID} value="account" selected={tab === 'account'} className="space-y-4">
          <LazyTab
            load={() => import('./account-tab')}
            props={{}}
            loadingLabel="Loading your account settings"
            failure="We could not load your account settings."
          />
        </TabsPanel>
      </div>
    </>
  )
}
