import { MenuIcon, PhoneIcon, UserIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { Button } from '../../components/ui/button'
import { ENQUIRY_FORM_ID, paths } from '../../config/paths'
import { type CentreSettings, telHref } from '../../features/centre/api/get-centre-settings'
import { cn } from '../../lib/cn'
import { BrandMark } from './brand-mark'

// The menu's dialog code (Radix, scroll lock, focus trap) loads when a phone visitor reaches for
// the button, not with every page.
const loadMobileMenu = () => import('./mobile-menu')
const MobileMenu = lazy(loadMobileMenu)

export const NAV_ITEMS = [paths.home, paths.about, paths.stores, paths.leasing, paths.contact] as const

function prefersReducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/** The spec (docs/product/site.md §2): scroll to the form when already on /leasing, otherwise go to /leasing#enquiry-form. */
export function useLeasingEnquiry() {
  const location = useLocation()
  const navigate = useNavigate()
  return () => {
    const target = document.getElementById(ENQUIRY_FORM_ID)
    if (location.pathname === paths.leasing.path && target) {
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
      if (location.hash !== `#${ENQUIRY_FORM_ID}`)
        navigate(paths.leasing.getHref(ENQUIRY_FORM_ID), { replace: true })
      return
    }
    navigate(paths.leasing.getHref(ENQUIRY_FORM_ID))
  }
}

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-800 bg-brand-50' : 'text-stone-700 hover:text-stone-950 hover:bg-stone-100',
  )

export function SiteHeader({ centre }: { centre: CentreSettings }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const location = useLocation()
  const goToEnquiry = useLeasingEnquiry()

  // The mobile menu closes on every navigation, including back and forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger
  useEffect(() => setMenuOpen(false), [location.key])

  return (
    <>
      {/* A landmark of its own, so nothing on the page sits outside one. */}
      <aside aria-label="Contact" className="bg-stone-900 text-stone-100">
        <div className="mx-auto flex h-10 max-w-7xl items-center justify-between gap-4 px-4 text-sm sm:px-6">
          <a
            href={telHref(centre.phone)}
            className="flex items-center gap-2 hover:text-white hover:underline"
          >
            <PhoneIcon className="size-4" aria-hidden="true" />
            <span>
              <span className="sr-only sm:not-sr-only">Call us: </span>
              <span className="whitespace-nowrap">{centre.phone}</span>
            </span>
          </a>
          <Link
            to={paths.tenant.login.getHref()}
            className="flex items-center gap-2 hover:text-white hover:underline"
          >
            <UserIcon className="size-4" aria-hidden="true" />
            Tenant Portal
          </Link>
        </div>
      </aside>
      <header className="glass-header sticky top-0 z-40">
        <div className="glass-header-pane border-b border-stone-200 bg-white/95 supports-[backdrop-filter]:bg-white/85">
          <nav
            aria-label="Main"
            className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"
          >
            <Link to={paths.home.getHref()} className="flex items-center gap-2.5 font-bold text-stone-900">
              <BrandMark className="size-9" />
              <span className="text-lg tracking-tight whitespace-nowrap">{centre.centre_name}</span>
            </Link>
            <ul className="hidden items-center gap-1 lg:flex">
              {NAV_ITEMS.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.getHref()} end={item.path === '/'} className={navLinkClass}>
                    {item.title}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="flex items-center gap-2">
              <div className="hidden sm:block">
                <Button onClick={goToEnquiry}>Leasing Enquiry</Button>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="lg:hidden"
                aria-label="Open menu"
                ref={menuButton}
                aria-haspopup="dialog"
                aria-expanded={menuOpen}
                onPointerEnter={loadMobileMenu}
                onFocus={loadMobileMenu}
                onClick={() => setMenuOpen(true)}
              >
                <MenuIcon className="size-6" aria-hidden="true" />
              </Button>
              {menuOpen && (
                <Suspense fallback={null}>
                  <MobileMenu
                    returnFocusTo={menuButton}
                    centre={centre}
                    onClose={() => setMenuOpen(false)}
                    onLeasingEnquiry={() => {
                      setMenuOpen(false)
                      goToEnquiry()
                    }}
                  />
                </Suspense>
              )}
            </div>
          </nav>
        </div>
      </header>
    </>
  )
}
