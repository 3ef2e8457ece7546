import {
  ActivityIcon,
  BellRingIcon,
  Building2Icon,
  CalendarDaysIcon,
  FileTextIcon,
  HistoryIcon,
  InboxIcon,
  LayoutDashboardIcon,
  MailIcon,
  MenuIcon,
  PlugZapIcon,
  ShieldCheckIcon,
  StoreIcon,
  UsersIcon,
  WrenchIcon,
  ZapIcon,
} from 'lucide-react'
import { type ReactNode, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router'
import { Button } from '../../components/ui/button'
import { Dialog, SheetContent } from '../../components/ui/dialog'
import { paths } from '../../config/paths'
import { cn } from '../../lib/cn'

interface AdminNavItem {
  path: string
  title: string
  href: string
  icon: ReactNode
}

const icon = (Icon: typeof StoreIcon) => <Icon className="size-4 shrink-0" aria-hidden="true" />

/** The back office's sections (docs/product/README.md §5, plus Maintenance, Notices and the audit trail). */
export const ADMIN_NAV: AdminNavItem[] = [
  {
    ...paths.admin.dashboard,
    title: 'Dashboard',
    href: paths.admin.dashboard.getHref(),
    icon: icon(LayoutDashboardIcon),
  },
  { ...paths.admin.shops, href: paths.admin.shops.getHref(), icon: icon(StoreIcon) },
  { ...paths.admin.vacantShops, href: paths.admin.vacantShops.getHref(), icon: icon(Building2Icon) },
  { ...paths.admin.tenants, href: paths.admin.tenants.getHref(), icon: icon(UsersIcon) },
  { ...paths.admin.rentalStatements, href: paths.admin.rentalStatements.getHref(), icon: icon(FileTextIcon) },
  { ...paths.admin.utilityStatements, href: paths.admin.utilityStatements.getHref(), icon: icon(ZapIcon) },
  { ...paths.admin.newsletter, href: paths.admin.newsletter.getHref(), icon: icon(MailIcon) },
  { ...paths.admin.enquiries, href: paths.admin.enquiries.getHref(), icon: icon(InboxIcon) },
  { ...paths.admin.maintenance, href: paths.admin.maintenance.getHref(), icon: icon(WrenchIcon) },
  { ...paths.admin.notices, href: paths.admin.notices.getHref(), icon: icon(BellRingIcon) },
  { ...paths.admin.holidays, href: paths.admin.holidays.getHref(), icon: icon(CalendarDaysIcon) },
  { ...paths.admin.power, href: paths.admin.power.getHref(), icon: icon(PlugZapIcon) },
  { ...paths.admin.whatsOn, href: paths.admin.whatsOn.getHref(), icon: icon(CalendarDaysIcon) },
  { ...paths.admin.monitoring, href: paths.admin.monitoring.getHref(), icon: icon(ActivityIcon) },
  { ...paths.admin.audit, href: paths.admin.audit.getHref(), icon: icon(HistoryIcon) },
  { ...paths.admin.privacy, href: paths.admin.privacy.getHref(), icon: icon(ShieldCheckIcon) },
]

/** The section a path belongs to (`/admin/shops/edit/3` → Shops). */
function currentSection(pathname: string): AdminNavItem | undefined {
  return ADMIN_NAV.find((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
}

/** The side navigation (from large screens in the aside column; in the drawer below that). */
export function AdminNavList({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation()
  const section = currentSection(pathname)
  return (
    <nav aria-label="Back office">
      <ul className="space-y-0.5">
        {ADMIN_NAV.map((item) => {
          const active = section?.href === item.href
          return (
            <li key={item.href}>
              <NavLink
                to={item.href}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  active
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-stone-700 hover:bg-stone-100 hover:text-stone-950',
                )}
              >
                {item.icon}
                {item.title}
              </NavLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** Below large screens: a bar naming the current section, whose button opens the navigation in a drawer. */
export function AdminNavDrawer() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()
  const section = currentSection(pathname)
  return (
    <div className="flex items-center gap-2 border-t border-stone-100 py-2 lg:hidden">
      <Button
        ref={button}
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <MenuIcon className="size-4" aria-hidden="true" />
        Menu
      </Button>
      {section && <span className="truncate text-sm font-medium text-stone-700">{section.title}</span>}
      <Dialog open={open} onOpenChange={setOpen}>
        <SheetContent title="Back office" returnFocusTo={button}>
          <AdminNavList onNavigate={() => setOpen(false)} />
        </SheetContent>
      </Dialog>
    </div>
  )
}
