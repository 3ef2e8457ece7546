import { Link } from 'react-router'
import { Section } from '../../../components/ui/section'
import { paths } from '../../../config/paths'
import { useWhatsOn } from '../../../features/whats-on/api/get-whats-on'
import { WhatsOnCard } from '../../../features/whats-on/components/whats-on-card'

/**
 * The home page's "What's on" section: up to three current events and specials. Loaded after the
 * page has drawn (home.tsx): it is below the fold, and its code would otherwise push the home
 * page's first-paint JavaScript over its budget. Nothing shows while there is nothing on.
 */
export default function HomeWhatsOn({ now, className }: { now: Date; className: string }) {
  const whatsOn = useWhatsOn(now)
  if (!whatsOn.data || whatsOn.data.length === 0) return null
  return (
    <Section id="whats-on" className={className} eyebrow="What's on" title="Events and specials">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {whatsOn.data.slice(0, 3).map((item) => (
          <WhatsOnCard key={item.id} item={item} headingLevel="h3" />
        ))}
      </ul>
      <p className="mt-8">
        <Link
          to={paths.whatsOn.getHref()}
          className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          See everything that's on
        </Link>
      </p>
    </Section>
  )
}
