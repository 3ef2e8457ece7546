import { PageMeta } from '../../../components/seo/page-meta'
import { PageHero } from '../../../components/ui/section'
import { Skeleton } from '../../../components/ui/skeleton'
import { paths } from '../../../config/paths'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { useMinuteClock } from '../../../features/power-status/api/get-power-statuses'
import { useWhatsOn } from '../../../features/whats-on/api/get-whats-on'
import { WhatsOnCard } from '../../../features/whats-on/components/whats-on-card'

/** /whats-on: the centre's events and the stores' specials, approved and not yet ended (issue 18). */
export default function WhatsOnRoute() {
  const centre = useCentreSettings()
  const now = useMinuteClock()
  const items = useWhatsOn(now)
  const events = items.data?.filter((i) => i.kind === 'event') ?? []
  const specials = items.data?.filter((i) => i.kind === 'special') ?? []
  return (
    <>
      <PageMeta
        title={paths.whatsOn.title}
        description={`Events at ${centre.centre_name} and specials from its stores, this week and next.`}
        path={paths.whatsOn.getHref()}
      />
      <PageHero
        compact
        eyebrow="What's on"
        title="Events and specials"
        intro={`What is happening at ${centre.centre_name}, and the deals in its stores right now.`}
      />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-8 sm:px-6 sm:py-12">
        {items.isPending ? (
          <div aria-busy="true">
            <span className="sr-only">Loading what's on…</span>
            <Skeleton className="h-64 w-full" />
          </div>
        ) : items.isError ? (
          <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
            What's on could not be loaded. Please try again later.
          </p>
        ) : (
          <>
            <WhatsOnSection id="events" title="Events" items={events} empty="No events planned right now." />
            <WhatsOnSection
              id="specials"
              title="Specials in our stores"
              items={specials}
              empty="No specials running right now."
            />
          </>
        )}
      </div>
    </>
  )
}

function WhatsOnSection({
  id,
  title,
  items,
  empty,
}: {
  id: string
  title: string
  items: ReturnType<typeof useWhatsOn>['data'] & object
  empty: string
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-stone-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-4 text-stone-600">{empty}</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <WhatsOnCard key={item.id} item={item} headingLevel="h3" />
          ))}
        </ul>
      )}
    </section>
  )
}
