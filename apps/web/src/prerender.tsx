import { CentreSettingsSchema } from '@genesis/contracts/centre-settings'
import { CurrentPowerStatusSchema } from '@genesis/contracts/power-status'
import { WhatsOnItemSchema } from '@genesis/contracts/whats-on'
import { hashKey, type QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router'
import * as z from 'zod/mini'
import { AppProvider } from './app/provider'
import { routes } from './app/routes'
import { MetaTags } from './components/seo/page-meta'
import { markServed, takeServedHead } from './components/seo/served-head'
import { type Env, setServerEnv } from './config/env'
import { paths } from './config/paths'
import { getCentreSettingsQueryOptions } from './features/centre/api/get-centre-settings'
import { NOTICE_COLUMNS, NOTICE_QUERY_KEY } from './features/centre/api/get-privacy-notice'
import { getVacantShopsQueryOptions, VacantShopSchema } from './features/leasing/api/get-vacant-shops'
import { getPowerStatusesQueryOptions } from './features/power-status/api/get-power-statuses'
import {
  DIRECTORY_WINDOW_KEY,
  type DirectoryWindow,
  directoryListing,
  HAND_OVER_EVERY_SHOP_UP_TO,
} from './features/stores/api/directory-window'
import { FEATURED_LOGOS_KEY, featuredLogos } from './features/stores/api/featured-logos'
import { getShopsQueryOptions, ShopSchema } from './features/stores/api/get-shops'
import { getStorePageQueryOptions, storePageOf } from './features/stores/api/get-store-page'
import {
  getTradingCalendarQueryOptions,
  TradingCalendarSchema,
} from './features/stores/api/get-trading-calendar'
import { directoryWindowQuery, readDirectoryParams } from './features/stores/components/use-directory-filters'
import { getWhatsOnQueryOptions } from './features/whats-on/api/get-whats-on'
import { markInertUntilLive, servedMarker } from './hydration-marks'
import { createQueryClient } from './lib/query-client'
import { whileRecordingReads } from './lib/recorded-reads'
import { setRenderClock } from './lib/render-clock'
import { type HandedOver, HYDRATE_SERVED_PAGES } from './prerender-marks'

// The tenant dashboard's first paint (decision 041), written into its HTML by scripts/prerender.ts.
export { renderTenantDashboardFirstPaint } from './app/routes/tenant/dashboard-first-paint'
export type { HandedOver }

/**
 * The public pages whose first paint is written at build time (scripts/prerender.ts), keyed by
 * the URL pattern the gateway serves them for. `*` stands for one path segment: every store page
 * shares one shell, drawn in its loading state. `module` is the page's route module (routes.tsx),
 * whose chunks the HTML preloads so the app need not discover them after its entry has run.
 */
export const PRERENDERED_PAGES: Record<string, { url: string; file: string; module: string }> = {
  [paths.home.path]: { url: paths.home.getHref(), file: 'home.html', module: 'home' },
  [paths.about.path]: { url: paths.about.getHref(), file: 'about.html', module: 'about' },
  [paths.stores.path]: { url: paths.stores.getHref(), file: 'stores.html', module: 'stores' },
  [`${paths.stores.path}/*`]: {
    url: paths.store.getHref('prerendered-store'),
    file: 'store.html',
    module: 'store',
  },
  [paths.leasing.path]: { url: paths.leasing.getHref(), file: 'leasing.html', module: 'leasing' },
  [paths.contact.path]: { url: paths.contact.getHref(), file: 'contact.html', module: 'contact' },
  [paths.privacy.path]: { url: paths.privacy.getHref(), file: 'privacy.html', module: 'privacy' },
  [paths.whatsOn.path]: { url: paths.whatsOn.getHref(), file: 'whats-on.html', module: 'whats-on' },
  [`${paths.whatsOn.path}/*`]: {
    url: paths.whatsOnItem.getHref('prerendered-item'),
    file: 'whats-on-item.html',
    module: 'whats-on-item',
  },
}

/** The 404 page: a template for the gateway's on-request rendering, not served by itself. */
export const NOT_FOUND_PAGE = { url: '/__not-found__', file: 'not-found.html', module: 'not-found' }

/** Route pattern → the prerendered page whose HTML (head, preloads) a request for it is rendered into. */
const TEMPLATES: Record<string, string> = {
  [paths.home.path]: 'home.html',
  [paths.about.path]: 'about.html',
  [paths.stores.path]: 'stores.html',
  [paths.store.path]: 'store.html',
  [paths.leasing.path]: 'leasing.html',
  [paths.contact.path]: 'contact.html',
  [paths.privacy.path]: 'privacy.html',
  [paths.whatsOn.path]: 'whats-on.html',
  [paths.whatsOnItem.path]: 'whats-on-item.html',
  '*': NOT_FOUND_PAGE.file,
}

/**
 * The markup of `url` as the app draws it before any data has arrived (or with the data in
 * `queryClient`, and the clocks at `at`, when the gateway renders it on request): header, page text and
 * footer, with data-bound parts in their loading state. The browser paints it straight from the
 * HTML; the app then draws exactly the same first frame over it (main.tsx), so nothing moves.
 * Metadata is left to the app: its absolute URLs depend on the site URL of the running gateway.
 */
export async function renderPage(url: string, queryClient?: QueryClient, at?: number): Promise<string> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`Prerendering ${url} answered a redirect`)
  if (context.errors) throw new Error(`Prerendering ${url} failed: ${JSON.stringify(context.errors)}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  // The clocks read `at` (lib/render-clock.ts) during this synchronous render only, so renderings
  // that overlap while their routes load cannot read each other's time.
  setRenderClock(at)
  try {
    return renderToString(
      <StrictMode>
        {/* Without a client: a fresh one where every query is pending, as in the app's first frame.
            Nothing is fetched while rendering to a string. */}
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    )
  } finally {
    setRenderClock(undefined)
  }
}

/** A Suspense boundary the server could not finish: the browser draws it itself. */
const UNFINISHED_BOUNDARY = '<!--$!-->'
/** How long a rendering waits for its lazy parts' code before drawing again: doubling, 1.3 s at most. */
const LAZY_WAITS_MS = [5, 10, 20, 40, 80, 160, 320, 640]

/**
 * `renderPage` with every lazy part of the page drawn. `renderToString` cannot wait for a lazy
 * component's code: the first rendering after the gateway starts leaves such a part to the
 * browser (an unfinished boundary), which hydration reports as an error and draws again
 * (decision 040). The code is local to the server module, so it is in after a few milliseconds
 * (more on a busy machine: each wait is twice the last, so a slow load costs few renderings);
 * later renderings find it loaded and draw in one pass.
 */
async function renderCompletely(url: string, queryClient: QueryClient, at: number): Promise<string> {
  let markup = await renderPage(url, queryClient, at)
  for (const ms of LAZY_WAITS_MS) {
    if (!markup.includes(UNFINISHED_BOUNDARY)) break
    await new Promise((resolve) => setTimeout(resolve, ms))
    markup = await renderPage(url, queryClient, at)
  }
  return markup
}

/**
 * Form controls of the build's static first paint (the fallback, which the app draws over rather
 * than hydrates) are inert until the app draws over it: text typed into the
 * static copy would vanish when the live page replaces it, and a form sent from it would bypass
 * the app. Links keep working (they are plain page loads). React writes these tags as `<input `,
 * `<button>` and so on, so the tag names are matched exactly.
 */
export function makeControlsInert(markup: string): string {
  return markup.replace(/<(form|input|select|textarea|button)(?=[\s>/])/g, '<$1 inert=""')
}

/** The public data a page is rendered with: rows as the REST API returns them to a visitor. */
export interface PublicData {
  shops: unknown[]
  centreSettings: unknown
  vacantShops: unknown[]
  /** Public holidays and the stores' trading exceptions from yesterday on (open now, issue 18). */
  tradingCalendar?: unknown
  /** Rows of current_power_statuses (absent from a gateway older than issue 18). */
  powerStatuses?: unknown[]
  /** Rows of the view whats_on: approved items not yet ended. */
  whatsOn?: unknown[]
}

export type RenderedRequest =
  | {
      kind: 'page'
      status: 200 | 404
      markup: string
      /** The page's title, description, canonical and social card, for the served HTML's <head>. */
      head: string
      state: HandedOver
      template: string
    }
  | { kind: 'redirect'; status: 301; location: string }
  /** Not a public page (tenant and admin areas): the gateway serves the app's shell. */
  | { kind: 'app' }

/** The slug the spec's rule makes without folding accents first ('Nest Home Décor' → 'nest-home-d-cor'). */
function literalSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * One public page rendered on request with its data (decision 016): the markup a visitor without
 * JavaScript reads, the status it deserves (404 for an unknown path or store, 301 from a slug
 * made without folding accents to the canonical one), and the query cache the app starts from so
 * it neither flashes nor fetches the same rows again. `env` is what the gateway injects into the
 * page for the app (its origin and anon key), which URLs in the markup are made from.
 */
export async function renderRequest(url: string, data: PublicData, env: Env): Promise<RenderedRequest> {
  const target = new URL(url, 'http://render.invalid')
  const pattern = publicPatternOf(target.pathname)
  if (!pattern) return { kind: 'app' }
  setServerEnv(env)
  const { shops, centreSettings, vacantShops, tradingCalendar, powerStatuses, whatsOn } = parsed(data)
  let status: 200 | 404 = pattern === '*' ? 404 : 200
  const queryClient = createQueryClient()
  if (pattern === paths.store.path) {
    const slug = decodeURIComponent(target.pathname.slice(paths.stores.path.length + 1))
    // A store's page reads the store and what its strips show, not the shop list (decision 043):
    // that is all it hands over.
    const page = storePageOf(shops, slug)
    queryClient.setQueryData(getStorePageQueryOptions(slug, queryClient).queryKey, page)
    if (!page) {
      const literal = shops.find((shop) => literalSlug(shop.tradingName) === slug)
      if (literal) return { kind: 'redirect', status: 301, location: paths.store.getHref(literal.slug) }
      status = 404
    }
  }
  if (pattern === paths.whatsOnItem.path) {
    const id = decodeURIComponent(target.pathname.slice(paths.whatsOn.path.length + 1))
    // An item that ended, was never approved or never existed: gone for visitors and crawlers alike.
    if (!whatsOn.some((item) => item.id === id)) status = 404
  }
  queryClient.setQueryData(getShopsQueryOptions().queryKey, shops)
  queryClient.setQueryData(getCentreSettingsQueryOptions().queryKey, centreSettings)
  queryClient.setQueryData(getVacantShopsQueryOptions().queryKey, vacantShops)
  // The open-now chips are drawn in the served HTML with the server's clock; the app keeps them right.
  if (tradingCalendar) queryClient.setQueryData(getTradingCalendarQueryOptions().queryKey, tradingCalendar)
  queryClient.setQueryData(getPowerStatusesQueryOptions().queryKey, powerStatuses)
  queryClient.setQueryData(getWhatsOnQueryOptions().queryKey, whatsOn)
  // Home shows only the featured retailers' logos of the shop list (featured-logos.ts).
  queryClient.setQueryData(FEATURED_LOGOS_KEY, featuredLogos(shops, centreSettings.featured_retailers))
  const centreRow = data.centreSettings
  if (pattern === paths.privacy.path && typeof centreRow === 'object' && centreRow !== null) {
    // The privacy notice's own columns of the same row (privacy.tsx reads them by themselves).
    const column = (name: string): unknown => Reflect.get(centreRow, name) ?? null
    queryClient.setQueryData(
      NOTICE_QUERY_KEY,
      Object.fromEntries(NOTICE_COLUMNS.map((name) => [name, column(name)])),
    )
  }
  takeServedHead()
  // Every clock on the page reads this time, which the markup names for the app's hydration.
  const renderedAt = Date.now()
  const rendered = await whileRecordingReads(queryClient, async (read) => {
    const markup = await renderCompletely(`${target.pathname}${target.search}`, queryClient, renderedAt)
    return { markup, read }
  })
  // The head tags the page's PageMeta asked for, as the app draws them (React escapes them).
  const meta = takeServedHead()
  const head = meta ? markServed(renderToStaticMarkup(<MetaTags {...meta} />)) : ''
  // Resources React writes before the markup (preloads) are in the page's head already.
  // The app hydrates this markup (decision 040): it opens with the marker that says so, and its
  // controls wait for the app.
  const page = rendered.markup.replace(/^(?:<link [^>]*>)*/, '')
  const markup = HYDRATE_SERVED_PAGES
    ? servedMarker(renderedAt) + markInertUntilLive(page)
    : makeControlsInert(page)
  const template = TEMPLATES[pattern] ?? NOT_FOUND_PAGE.file
  // Only what the page read while it was drawn (decision 037): the app's first frame reads the
  // same queries, and anything else it needs later it loads as usual. Home's what's-on section is
  // lazy (home.tsx): the first rendering after the gateway starts draws it empty, the app draws it
  // at once, so its query goes along whether or not this rendering read it.
  if (pattern === paths.home.path) rendered.read.add(hashKey(getWhatsOnQueryOptions().queryKey))
  let state: HandedOver = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => rendered.read.has(query.queryHash))
    .map((query) => ({ key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt }))
  if (pattern === paths.stores.path && shops.length > HAND_OVER_EVERY_SHOP_UP_TO) {
    // A regional mall's directory hands over what it drew, not every shop (directory-window.ts):
    // the app loads the whole list after its first paint.
    const { filters, shown } = readDirectoryParams(target.searchParams)
    const window: DirectoryWindow = {
      query: directoryWindowQuery(filters, shown),
      ...directoryListing(shops, filters, shown),
    }
    const shopsKey = JSON.stringify(getShopsQueryOptions().queryKey)
    state = [
      ...state.filter((entry) => JSON.stringify(entry.key) !== shopsKey),
      { key: DIRECTORY_WINDOW_KEY, data: window, at: Date.now() },
    ]
  }
  return { kind: 'page', status, markup, head, state, template }
}

/**
 * The rows parsed with the app's own schemas, once per read: the gateway passes the same rows
 * object to every rendering while it keeps them (server-render.ts), and a regional mall's 1,000
 * shops are not worth parsing again for each visitor.
 */
const parsedRows = new WeakMap<PublicData, ReturnType<typeof parse>>()
function parse(data: PublicData) {
  return {
    shops: z.array(ShopSchema).parse(data.shops),
    centreSettings: CentreSettingsSchema.parse(data.centreSettings),
    vacantShops: z.array(VacantShopSchema).parse(data.vacantShops),
    tradingCalendar:
      data.tradingCalendar === undefined ? undefined : TradingCalendarSchema.parse(data.tradingCalendar),
    powerStatuses: z.array(CurrentPowerStatusSchema).parse(data.powerStatuses ?? []),
    whatsOn: z.array(WhatsOnItemSchema).parse(data.whatsOn ?? []),
  }
}
function parsed(data: PublicData) {
  let rows = parsedRows.get(data)
  if (!rows) {
    rows = parse(data)
    parsedRows.set(data, rows)
  }
  return rows
}

/**
 * The public route a path opens: its pattern (`/stores/:slug`), `'*'` for a path no page has, or
 * undefined for the tenant and admin areas.
 */
export function publicPatternOf(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname)
  const leaf = matches?.at(-1)?.route
  const underPublicLayout = matches?.some((m) => m.route.children?.some((child) => child.path === '*'))
  if (!leaf || !underPublicLayout) return undefined
  if (leaf.index) return paths.home.path
  return leaf.path
}
