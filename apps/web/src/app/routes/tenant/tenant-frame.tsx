import type { ReactNode } from 'react'
import { paths } from '../../../config/paths'
import { PortalShell } from '../../layout/portal-shell'

/**
 * The portal frame of tenant pages: the layout draws it around every tenant page, and the build
 * draws it into the dashboard's served HTML (dashboard-first-paint.tsx), so both are the same.
 */
export function TenantFrame({ children }: { children: ReactNode }) {
  return (
    <PortalShell areaLabel="Tenant Portal" homeHref={paths.tenant.dashboard.getHref()}>
      {children}
    </PortalShell>
  )
}
