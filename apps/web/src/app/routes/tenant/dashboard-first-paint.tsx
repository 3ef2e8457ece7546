import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { paths } from '../../../config/paths'
import { WelcomeHeading } from '../../../features/tenancy/components/tenancy-welcome'
import { createQueryClient } from '../../../lib/query-client'
import { AUTH_STORAGE_KEY, TENANT_DATA_KEY } from '../../../lib/session/auth-storage'
import { SessionProvider } from '../../../lib/session/session-context'
import TenantDashboardPage from './dashboard'
import { TenantFrame } from './tenant-frame'

/** The placeholders of the remembered heading's template, filled in the browser from `tenant_data`. */
const FIELDS = ['companyName', 'tradingName', 'shopNo', 'floor', 'category'] as const
const slot = (field: (typeof FIELDS)[number]) => `@@${field}@@`

/**
 * Fills the heading of the served first paint with the tenant's remembered summary (the one the
 * app draws while their record loads again, tenancy-summary.ts), before the browser's first paint:
 * only when it belongs to the stored session's user, and only in the common shape (a shop, a
 * tenancy that has not ended); otherwise the heading's loading block stays. Runs as the parser
 * reaches it, right after the markup; the app draws the same heading over it. Someone with nothing
 * remembered (a first visit on this device, another user's data, no session) keeps only the
 * frame: the app shows its usual loading state and the page once the session check has ended, as
 * before, without the cost of laying out a page it will replace (`TenantLayout` decides the same).
 */
const FILL_HEADING = `(function(){var m=document.getElementById('main');try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)})),d=JSON.parse(localStorage.getItem(${JSON.stringify(TENANT_DATA_KEY)})),u=s&&s.user&&s.user.id,p=d&&d.shop;if(!u||!d||d.userId!==u||typeof d.companyName!=='string'){m&&m.replaceChildren();return}if(!p||d.status==='vacated')return;var v={companyName:d.companyName,tradingName:p.trading_name,shopNo:p.shop_no,floor:p.floor,category:p.category};for(var k in v)if(typeof v[k]!=='string')return;var t=document.getElementById('remembered-heading'),h=m&&m.firstElementChild;if(!t||!h||!h.hasAttribute('aria-busy'))return;var c=t.content.cloneNode(true),w=document.createTreeWalker(c,4),n;while((n=w.nextNode()))n.data=n.data.replace(/@@(\\w+)@@/g,function(_,f){return v[f]});h.replaceWith(c)}catch(e){m&&m.replaceChildren()}})()`

/**
 * The tenant dashboard's first paint, written into its served HTML by the build
 * (scripts/prerender.ts, decision 041): the portal frame, the heading, the tabs and every card of
 * the overview in their loading states, exactly as the app draws the page while the session is
 * checked (`RequireArea keepPageWhileLoading`), so the page's layout is on screen with the HTML
 * and nothing moves when the app draws over it. Nobody is signed in here: nothing is fetched and
 * no one's data is in it; a returning tenant's heading is filled in the browser (FILL_HEADING).
 */
export function renderTenantDashboardFirstPaint(): string {
  const page = renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[paths.tenant.dashboard.getHref()]}>
          <SessionProvider>
            <TenantFrame>
              <TenantDashboardPage />
            </TenantFrame>
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  )
  const heading = renderToString(
    <WelcomeHeading
      companyName={slot('companyName')}
      shop={{
        trading_name: slot('tradingName'),
        shop_no: slot('shopNo'),
        floor: slot('floor'),
        category: slot('category'),
      }}
      status="active"
    />,
  )
  return `${page}<template id="remembered-heading">${heading}</template><script>${FILL_HEADING}</script>`
}
