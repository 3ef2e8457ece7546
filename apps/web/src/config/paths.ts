/**
 * Every route of the app, defined once (docs/product/site.md §2). Components link with `paths.x.getHref()`; the
 * router registers `paths.x.path`. Nobody writes a URL by hand elsewhere.
 */
const withQuery = (path: string, query?: Record<string, string | undefined>) => {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) if (v) params.set(k, v)
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

export const ENQUIRY_FORM_ID = 'enquiry-form'
/** The home page's power status section, which the generator and borehole amenities link to. */
export const POWER_SECTION_ID = 'power'

export const paths = {
  home: {
    path: '/',
    title: 'Home',
    getHref: (hash?: typeof POWER_SECTION_ID) => (hash ? `/#${hash}` : '/'),
  },
  about: { path: '/about', title: 'About', getHref: () => '/about' },
  privacy: { path: '/privacy', title: 'Privacy Notice', getHref: () => '/privacy' },
  stores: {
    path: '/stores',
    title: 'Stores',
    getHref: (query?: { q?: string; category?: string; floor?: string; open?: 'now'; view?: string }) =>
      withQuery('/stores', query),
  },
  store: {
    path: '/stores/:slug',
    title: 'Store',
    getHref: (slug: string) => `/stores/${encodeURIComponent(slug)}`,
  },
  leasing: {
    path: '/leasing',
    title: 'Leasing',
    getHref: (hash?: typeof ENQUIRY_FORM_ID) => (hash ? `/leasing#${hash}` : '/leasing'),
  },
  contact: { path: '/contact', title: 'Contact', getHref: () => '/contact' },
  whatsOn: { path: '/whats-on', title: "What's On", getHref: () => '/whats-on' },
  whatsOnItem: {
    path: '/whats-on/:id',
    title: "What's On",
    getHref: (id: string) => `/whats-on/${encodeURIComponent(id)}`,
  },
  tenant: {
    login: { path: '/tenant/login', title: 'Tenant Login', getHref: () => '/tenant/login' },
    dashboard: { path: '/tenant/dashboard', title: 'Tenant Dashboard', getHref: () => '/tenant/dashboard' },
  },
  admin: {
    root: { path: '/admin', title: 'Admin Dashboard', getHref: () => '/admin' },
    login: { path: '/admin/login', title: 'Admin Login', getHref: () => '/admin/login' },
    dashboard: { path: '/admin/dashboard', title: 'Admin Dashboard', getHref: () => '/admin/dashboard' },
    shops: { path: '/admin/shops', title: 'Shops', getHref: () => '/admin/shops' },
    newShop: { path: '/admin/shops/new', title: 'New Shop', getHref: () => '/admin/shops/new' },
    editShop: {
      path: '/admin/shops/edit/:id',
      title: 'Edit Shop',
      getHref: (id: string) => `/admin/shops/edit/${id}`,
    },
    vacantShops: { path: '/admin/vacant-shops', title: 'Vacant Shops', getHref: () => '/admin/vacant-shops' },
    newVacantShop: {
      path: '/admin/vacant-shops/new',
      title: 'New Vacant Shop',
      getHref: () => '/admin/vacant-shops/new',
    },
    editVacantShop: {
      path: '/admin/vacant-shops/edit/:id',
      title: 'Edit Vacant Shop',
      getHref: (id: string) => `/admin/vacant-shops/edit/${id}`,
    },
    tenants: { path: '/admin/tenants', title: 'Tenants', getHref: () => '/admin/tenants' },
    newTenant: { path: '/admin/tenants/new', title: 'New Tenant', getHref: () => '/admin/tenants/new' },
    editTenant: {
      path: '/admin/tenants/edit/:id',
      title: 'Edit Tenant',
      getHref: (id: string) => `/admin/tenants/edit/${id}`,
    },
    rentalStatements: {
      path: '/admin/rental-statements',
      title: 'Rental Statements',
      getHref: () => '/admin/rental-statements',
    },
    utilityStatements: {
      path: '/admin/utility-statements',
      title: 'Utility Statements',
      getHref: () => '/admin/utility-statements',
    },
    newsletter: { path: '/admin/newsletter', title: 'Newsletter', getHref: () => '/admin/newsletter' },
    newNewsletter: {
      path: '/admin/newsletter/new',
      title: 'New Newsletter',
      getHref: () => '/admin/newsletter/new',
    },
    editNewsletter: {
      path: '/admin/newsletter/edit/:id',
      title: 'Edit Newsletter',
      getHref: (id: string) => `/admin/newsletter/edit/${id}`,
    },
    enquiries: { path: '/admin/enquiries', title: 'Enquiries', getHref: () => '/admin/enquiries' },
    maintenance: { path: '/admin/maintenance', title: 'Maintenance', getHref: () => '/admin/maintenance' },
    holidays: { path: '/admin/holidays', title: 'Public Holidays', getHref: () => '/admin/holidays' },
    newHoliday: {
      path: '/admin/holidays/new',
      title: 'New Public Holiday',
      getHref: () => '/admin/holidays/new',
    },
    editHoliday: {
      path: '/admin/holidays/edit/:id',
      title: 'Edit Public Holiday',
      getHref: (id: string) => `/admin/holidays/edit/${id}`,
    },
    notices: { path: '/admin/notices', title: 'Notices', getHref: () => '/admin/notices' },
    power: { path: '/admin/power', title: 'Power Status', getHref: () => '/admin/power' },
    whatsOn: { path: '/admin/whats-on', title: "What's On", getHref: () => '/admin/whats-on' },
    monitoring: { path: '/admin/monitoring', title: 'Monitoring', getHref: () => '/admin/monitoring' },
    privacy: { path: '/admin/privacy', title: 'Privacy', getHref: () => '/admin/privacy' },
    securityCompromises: {
      path: '/admin/privacy/incidents',
      title: 'Security Compromises',
      getHref: () => '/admin/privacy/incidents',
    },
    audit: {
      path: '/admin/audit',
      title: 'Audit Trail',
      getHref: (query?: { q?: string; table?: string; record?: string; actor?: string; page?: string }) =>
        withQuery('/admin/audit', query),
    },
  },
} as const

/** The query flag that makes the public layout throw once, to show the error screen in tests. */
export const SIMULATE_ERROR_PARAM = 'simulate-error'
