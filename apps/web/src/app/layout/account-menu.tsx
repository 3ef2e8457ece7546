import { LogOutIcon, MonitorSmartphoneIcon } from 'lucide-react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace, type PortalMenuItem } from './portal-shell'

export interface AccountMenuProps {
  email: string
  menuItems: PortalMenuItem[]
  onSignOut: (scope: 'local' | 'global') => Promise<void>
  /** Open at once: the menu's code is loaded when the button is first used (portal-shell.tsx). */
  defaultOpen?: boolean
}

/** The signed-in person's menu: their own items, then sign out of this device or of every device. */
export function AccountMenu({ email, menuItems, onSignOut, defaultOpen }: AccountMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={ACCOUNT_BUTTON_CLASS}>
        <AccountButtonFace email={email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          Signed in as <span className="block truncate font-semibold text-stone-900">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuItems.map((item) => (
          <DropdownMenuItem key={item.label} onSelect={item.onSelect}>
            {item.icon}
            {item.label}
          </DropdownMenuItem>
        ))}
        {menuItems.length > 0 && <DropdownMenuSeparator />}
        <DropdownMenuItem onSelect={() => void onSignOut('local')}>
          <LogOutIcon className="size-4" aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void onSignOut('global')}>
          <MonitorSmartphoneIcon className="size-4" aria-hidden="true" />
          Sign out of all devices
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
