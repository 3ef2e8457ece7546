import { openingHoursLines } from '@genesis/contracts/opening-hours'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldIcon } from 'lucide-react'
import { Link } from 'react-router'
import { EmailAddress } from '../../components/text/email-address'
import { paths } from '../../config/paths'
import { type CentreSettings, fullAddress, telHref } from '../../features/centre/api/get-centre-settings'
import { BrandMark } from './brand-mark'
import { NAV_ITEMS } from './site-header'

/** The spec (docs/product/site.md §9): the copyright year is fixed. */
const COPYRIGHT_YEAR = 2024

export function SiteFooter({ centre }: { centre: CentreSettings }) {
  const hours = openingHoursLines(centre.centre_hours)
  return (
    <footer className="bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2.5 font-bold text-white">
            <BrandMark className="size-9" />
            <span className="text-lg">{centre.centre_name}</span>
          </div>
          <p className="mt-4 text-sm leading-relaxed">
            {centre.tagline}. Everyday shopping, dining and services close to home.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {NAV_ITEMS.map((item) => (
              <li key={item.path}>
                <Link to={item.getHref()} className="hover:text-white hover:underline">
                  {item.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.tenant.login.getHref()} className="hover:text-white hover:underline">
                Tenant Portal
              </Link>
            </li>
            <li>
              <Link to={paths.privacy.getHref()} className="hover:text-white hover:underline">
                Privacy Notice
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {fullAddress(centre) && (
              <li className="flex gap-2">
                <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {fullAddress(centre)}
              </li>
            )}
            <li className="flex gap-2">
              <PhoneIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={telHref(centre.phone)} className="whitespace-nowrap hover:text-white hover:underline">
                {centre.phone}
              </a>
            </li>
            {centre.general_email && (
              <li className="flex gap-2">
                <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <a href={`mailto:${centre.general_email}`} className="hover:text-white hover:underline">
                  <EmailAddress address={centre.general_email} />
                </a>
              </li>
            )}
            <li className="flex gap-2">
              <ShieldIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                24/7 Security:{' '}
                <a
                  href={telHref(centre.security_phone)}
                  className="whitespace-nowrap hover:text-white hover:underline"
                >
                  {centre.security_phone}
                </a>
              </span>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Centre Hours</h2>
          {hours.length > 0 ? (
            <ul className="mt-4 space-y-2 text-sm">
              {hours.map((line) => (
                <li key={line.days} className="flex gap-2">
                  <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {line.days}: {line.hours}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm">Individual store hours may vary.</p>
          )}
        </div>
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-stone-400 sm:px-6">
          © {COPYRIGHT_YEAR} {centre.centre_name}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
