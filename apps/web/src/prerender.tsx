import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppProvider } from './app/provider'
import { routes } from './app/routes'
import { paths } from './config/paths'

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
}

/**
 * The markup of `url` as the app draws it before any data has arrived: header, page text and
 * footer, with data-bound parts in their loading state. The browser paints it straight from the
 * HTML; the app then draws exactly the same first frame over it (main.tsx), so nothing moves.
 * Metadata is left to the app: its absolute URLs depend on the site URL of the running gateway.
 */
export async function renderPage(url: string): Promise<string> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`Prerendering ${url} answered a redirect`)
  if (context.errors) throw new Error(`Prerendering ${url} failed: ${JSON.stringify(context.errors)}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <StrictMode>
      {/* A fresh query client: every query is pending, as in the app's first frame. Nothing is
          fetched while rendering to a string. */}
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  )
}
