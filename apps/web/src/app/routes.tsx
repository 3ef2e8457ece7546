import type { RouteObject } from 'react-router'
import { paths } from '../config/paths'
import PublicLayout from './routes/public/layout'
import { Root } from './routes/root'
import { RootErrorBoundary } from './routes/root-error-boundary'

/** A page's module; `ready`, if it has one, is awaited before the page is drawn (decision 045). */
type Page = { default: React.ComponentType; ready?: () => Promise<void> }
const page = (load: () => Promise<Page>) => async () => {
  const m = await load()
  await m.ready?.()
  return { Component: m.default }
}

/** The tenant and admin pages' loaders, in a chunk of their own (portal-routes.ts, decision 052). */
const portal = () => import('./portal-routes')

/** Admin pages still waiting for their screens: guarded, inside the back office frame, each showing its title. */
const ADMIN_PLACEHOLDERS: { path: string; title: string }[] = []

/** Admin pages with their own screen, all from one lazily loaded module (routes/admin/pages.tsx). */
type AdminPages = typeof import('./routes/admin/pages')
const ADMIN_PAGES: [{ path: string; title: string }, keyof AdminPages][] = [
  [paths.admin.dashboard, 'DashboardPage'],
  [paths.admin.shops, 'ShopsPage'],
  [paths.admin.newShop, 'ShopFormPage'],
  [paths.admin.editShop, 'ShopFormPage'],
  [paths.admin.vacantShops, 'VacantShopsPage'],
  [paths.admin.newVacantShop, 'VacantShopFormPage'],
  [paths.admin.editVacantShop, 'VacantShopFormPage'],
  [paths.admin.tenants, 'TenantsPage'],
  [paths.admin.newTenant, 'TenantFormPage'],
  [paths.admin.editTenant, 'TenantFormPage'],
  [paths.admin.rentalStatements, 'RentalStatementsPage'],
  [paths.admin.utilityStatements, 'UtilityStatementsPage'],
  [paths.admin.enquiries, 'EnquiriesPage'],
  [paths.admin.maintenance, 'MaintenancePage'],
  [paths.admin.holidays, 'PublicHolidaysPage'],
  [paths.admin.newHoliday, 'PublicHolidayFormPage'],
  [paths.admin.editHoliday, 'PublicHolidayFormPage'],
  [paths.admin.notices, 'NoticesPage'],
  [paths.admin.power, 'PowerPage'],
  [paths.admin.whatsOn, 'WhatsOnPage'],
  [paths.admin.monitoring, 'MonitoringPage'],
  [paths.admin.audit, 'AuditPage'],
  [paths.admin.newsletter, 'NewsletterPage'],
  [paths.admin.newNewsletter, 'NewsletterFormPage'],
  [paths.admin.editNewsletter, 'NewsletterFormPage'],
  [paths.admin.privacy, 'PrivacyPage'],
  [paths.admin.securityCompromises, 'SecurityCompromisesPage'],
]

/**
 * Every route of the spec (§2). Each page is its own chunk; tenant and admin code is only fetched
 * when one of their routes is opened, so public pages never load it.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        // The public layout is part of the entry (modulepreloaded with it) so the first public page
        // does not wait for one more round trip before its header and data client start loading.
        Component: PublicLayout,
        children: [
          { index: true, lazy: page(() => import('./routes/public/home')) },
          { path: paths.about.path, lazy: page(() => import('./routes/public/about')) },
          { path: paths.stores.path, lazy: page(() => import('./routes/public/stores')) },
          { path: paths.store.path, lazy: page(() => import('./routes/public/store')) },
          { path: paths.leasing.path, lazy: page(() => import('./routes/public/leasing')) },
          { path: paths.contact.path, lazy: page(() => import('./routes/public/contact')) },
          { path: paths.privacy.path, lazy: page(() => import('./routes/public/privacy')) },
          { path: paths.whatsOn.path, lazy: page(() => import('./routes/public/whats-on')) },
          { path: paths.whatsOnItem.path, lazy: page(() => import('./routes/public/whats-on-item')) },
          { path: '*', lazy: page(() => import('./routes/public/not-found')) },
        ],
      },
      {
        path: paths.tenant.login.path,
        handle: { title: paths.tenant.login.title },
        lazy: page(() => portal().then((m) => m.tenantLogin())),
      },
      {
        // Guard and portal frame for every tenant page (anonymous → login, admin → admin area).
        // Opened by its address, the stored session is read before the first render (decision 045).
        lazy: page(() => portal().then((m) => m.tenantLayout())),
        children: [
          {
            path: paths.tenant.dashboard.path,
            handle: { title: paths.tenant.dashboard.title },
            lazy: page(() => portal().then((m) => m.tenantDashboard())),
          },
        ],
      },
      {
        path: paths.admin.login.path,
        handle: { title: paths.admin.login.title },
        lazy: page(() => portal().then((m) => m.adminLogin())),
      },
      {
        // Guard for every admin page (anonymous → admin login, tenant → tenant dashboard).
        lazy: page(() => portal().then((m) => m.adminLayout())),
        children: [
          { path: paths.admin.root.path, lazy: page(() => portal().then((m) => m.adminRootRedirect())) },
          ...ADMIN_PAGES.map(
            ([r, name]): RouteObject => ({
              path: r.path,
              handle: { title: r.title },
              lazy: async () => ({ Component: (await (await portal()).adminPages())[name] }),
            }),
          ),
          ...ADMIN_PLACEHOLDERS.map(
            (r): RouteObject => ({
              path: r.path,
              handle: { title: r.title },
              lazy: page(() => portal().then((m) => m.adminPlaceholder())),
            }),
          ),
        ],
      },
    ],
  },
]
