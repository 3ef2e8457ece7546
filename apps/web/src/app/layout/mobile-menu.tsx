import { PhoneIcon, UserIcon } from 'lucide-react'
import type { RefObject } from 'react'
import { Link, NavLink } from 'react-router'
import { Button } from '../../components/ui/button'
import { Dialog, SheetContent } from '../../components/ui/dialog'
import { paths } from '../../config/paths'
import { type CentreSettings, telHref } from '../../features/centre/api/get-centre-settings'
import { cn } from '../../lib/cn'
import { NAV_ITEMS, navLinkClass } from './site-header'

/** The phone menu: a Radix dialog sliding in from the right (focus trapped, Escape closes). */
export default function MobileMenu({
  centre,
  onClose,
  onLeasingEnquiry,
  returnFocusTo,
}: {
  returnFocusTo: RefObject<HTMLElement | null>
  centre: CentreSettings
  onClose: () => void
  onLeasingEnquiry: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <SheetContent title="Menu" returnFocusTo={returnFocusTo}>
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.getHref()}
                  end={item.path === '/'}
                  onClick={onClose}
                  className={(s) => cn(navLinkClass(s), 'block text-base')}
                >
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
          <Button className="mt-6 w-full" onClick={onLeasingEnquiry}>
            Leasing Enquiry
          </Button>
          <div className="mt-8 space-y-3 border-t border-stone-200 pt-6 text-sm">
            <a href={telHref(centre.phone)} className="flex items-center gap-2 text-stone-700">
              <PhoneIcon className="size-4" aria-hidden="true" />
              {centre.phone}
            </a>
            <Link
              to={paths.tenant.login.getHref()}
              onClick={onClose}
              className="flex items-center gap-2 text-stone-700"
            >
              <UserIcon className="size-4" aria-hidden="true" />
              Tenant Portal
            </Link>
          </div>
        </nav>
      </SheetContent>
    </Dialog>
  )
}
