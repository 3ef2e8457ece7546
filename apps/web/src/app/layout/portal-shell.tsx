import { ChevronDownIcon } from 'lucide-react'
import { type ComponentType, type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { notify } from '../../components/ui/toasts'
import { cn } from '../../lib/cn'
import { useSession } from '../../lib/session/session-context'
import type { AccountMenuProps } from './account-menu'
import { BrandMark } from './brand-mark'

export interface PortalMenuItem {
  label: string
  icon?: ReactNode
  onSelect: () => void
}

/**
 * The page frame of the tenant portal and the back office: a skip link, the centre's mark with
 * the area's name, the signed-in person's menu (their own items, then sign out of this device or
 * of every device), optional navigation (`nav` under the header, `aside` as a side column from
 * large screens), and the page in a `main` landmark.
 */
export function PortalShell({
  areaLabel,
  homeHref,
  menuItems = [],
  nav,
  aside,
  children,
  width = 'max-w-6xl',
}: {
  areaLabel: string
  homeHref: string
  menuItems?: PortalMenuItem[]
  nav?: ReactNode
  aside?: ReactNode
  children: ReactNode
  width?: string
}) {
  const session = useSession()
  const email = session.user?.email ?? ''

  async function signOut(scope: 'local' | 'global') {
    const { error } = await session.signOut(scope)
    if (error) notify.error('Sign-out failed', { description: error.message })
  }

  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="glass-header sticky top-0 z-40">
        <div className="glass-header-pane border-b border-stone-200 bg-white/95 supports-[backdrop-filter]:bg-white/85">
          <div className={cn('mx-auto flex h-16 items-center justify-between gap-3 px-4 sm:px-6', width)}>
            <Link
              to={homeHref}
              className="flex min-w-0 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
            >
              <BrandMark className="size-9 shrink-0" />
              <span className="min-w-0 leading-tight">
                <span className="block truncate text-sm font-bold text-stone-900 sm:text-base">
                  Genesis Centre
                </span>
                <span className="block truncate text-xs text-stone-600 sm:text-sm">{areaLabel}</span>
              </span>
            </Link>
            <AccountButton email={email} menuItems={menuItems} onSignOut={signOut} />
          </div>
          {nav && <div className={cn('mx-auto px-4 sm:px-6', width)}>{nav}</div>}
        </div>
      </header>
      <div className={cn('mx-auto flex w-full flex-1 gap-8 px-4 py-6 sm:px-6 sm:py-8', width)}>
        {aside && <aside className="hidden w-56 shrink-0 lg:block">{aside}</aside>}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  )
}

/** The account button's look, the same before and after the menu's code is in. */
export const ACCOUNT_BUTTON_CLASS =
  'flex max-w-[55vw] items-center gap-2 rounded-lg px-2 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-brand-700'

/** What the account button shows: the initial, its name, the e-mail from small screens up. */
export function AccountButtonFace({ email }: { email: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 uppercase"
      >
        {email.slice(0, 1)}
      </span>
      {/* While the session loads there is no e-mail yet: the button is the "Account menu" alone. */}
      <span className="sr-only">{email ? 'Account menu for ' : 'Account menu'}</span>
      {email && <span className="sr-only truncate sm:not-sr-only">{email}</span>}
      <ChevronDownIcon className="size-4 shrink-0" aria-hidden="true" />
    </>
  )
}

const loadAccountMenu = () => import('./account-menu')

/**
 * The signed-in person's account button. The menu (Radix's dropdown menu: popper, focus scope,
 * dismissable layer, portal, scroll lock) is code no page needs to draw itself, so it loads when
 * the button is first used (its code is fetched as soon as a pointer or the focus reaches the
 * button) and then opens; until then the button is a plain one of the same look and name. Should
 * the code not load (a dropped connection), it says so and the button stays usable for a retry.
 */
function AccountButton(props: Omit<AccountMenuProps, 'defaultOpen'>) {
  const [Menu, setMenu] = useState<ComponentType<AccountMenuProps>>()
  const [opening, setOpening] = useState(false)
  if (Menu) return <Menu {...props} defaultOpen />
  async function open() {
    if (opening) return
    setOpening(true)
    try {
      const { AccountMenu } = await loadAccountMenu()
      setMenu(() => AccountMenu)
    } catch {
      notify.error('The account menu could not be opened', {
        description: 'Check your connection and try again.',
      })
    } finally {
      setOpening(false)
    }
  }
  const prefetch = () => {
    loadAccountMenu().catch(() => {
      // Reported when the button is used.
    })
  }
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={opening || undefined}
      className={ACCOUNT_BUTTON_CLASS}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => void open()}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return
        event.preventDefault()
        void open()
      }}
    >
      <AccountButtonFace email={props.email} />
    </button>
  )
}
