import { LeafIcon, RecycleIcon, SunIcon } from 'lucide-react'
import { PageMeta } from '../../../components/seo/page-meta'
import { Card } from '../../../components/ui/card'
import { PageHero, Section } from '../../../components/ui/section'
import { POWER_SECTION_ID, paths } from '../../../config/paths'
import { centreFigures } from '../../../features/centre/api/centre-figures'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { shoppingCenterJsonLd } from '../../../features/centre/components/centre-json-ld'
import { StatGrid } from '../../../features/home/components/stat-grid'
import { amenityHasStatus, amenityIcon } from './amenity-icon'

export default function AboutRoute() {
  const centre = useCentreSettings()
  const f = centreFigures(centre)
  const sustainability = [
    {
      icon: SunIcon,
      title: 'Energy-wise',
      text: 'LED lighting throughout keeps the power bill down, and generator backup keeps the lights on through load-shedding.',
    },
    {
      icon: LeafIcon,
      title: 'Water-wise',
      text: 'Borehole water supports the centre and its gardens, easing the load on municipal supply.',
    },
    {
      icon: RecycleIcon,
      title: 'Less waste',
      text: 'Separated recycling for tenants and visitors, with cardboard and glass collected by local partners.',
    },
  ]
  return (
    <>
      <PageMeta
        title="About Us"
        description={`The story of ${centre.centre_name}: ${f.years.value} years serving ${centre.suburb || 'the neighbourhood'}, ${f.gla.value} of shops, free parking and 24/7 security.`}
        path={paths.about.getHref()}
        jsonLd={(base) => shoppingCenterJsonLd(centre, base)}
      />
      <PageHero
        eyebrow="About us"
        title={`The story of ${centre.centre_name}`}
        intro={`${centre.tagline}, serving the community for ${f.years.value} years.`}
      />

      <Section id="story" eyebrow="Our story" title="Built around the neighbourhood">
        <div className="grid gap-8 text-lg leading-relaxed text-stone-700 lg:grid-cols-2">
          <p>
            {centre.centre_name} opened as a handful of shops around a parking lot and has grown into the
            everyday heart of {centre.suburb || 'the area'}: {f.gla.value} of leasable space with{' '}
            {f.stores.value} stores, from the weekly grocery shop to the pharmacy, the hairdresser and the
            Saturday coffee.
          </p>
          <p>
            We stay deliberately neighbourly. Local owners trade next to national names, the management team
            is on site, and the centre is run so that a visit is quick, safe and easy, with {f.parking.value}{' '}
            free parking bays and security around the clock.
          </p>
        </div>
        <img
          src="/images/about-centre.svg"
          alt="An illustration of the centre on a sunny day: shopfronts under coloured awnings, shoppers walking past and trees along the parking lot"
          width={1200}
          height={480}
          loading="lazy"
          decoding="async"
          className="mt-10 h-auto w-full rounded-2xl border border-stone-200"
        />
      </Section>

      {centre.amenities.length > 0 && (
        <Section id="facilities" eyebrow="Facilities" title="What you can count on" tone="warm">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {centre.amenities.map((a) => {
              const Icon = amenityIcon(a)
              return (
                <li key={a}>
                  <Card className="flex h-full items-center gap-4 p-5">
                    <Icon
                      className="size-10 shrink-0 rounded-lg bg-brand-50 p-2 text-brand-700"
                      aria-hidden="true"
                    />
                    {amenityHasStatus(a) ? (
                      <a
                        href={paths.home.getHref(POWER_SECTION_ID)}
                        className="font-semibold text-brand-800 underline underline-offset-2"
                      >
                        {a}
                        <span className="sr-only">: see the power status now</span>
                      </a>
                    ) : (
                      <span className="font-semibold text-stone-900">{a}</span>
                    )}
                  </Card>
                </li>
              )
            })}
            <li>
              <Card className="flex h-full items-center gap-4 p-5">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-sm font-bold text-brand-700">
                  P
                </span>
                <span className="font-semibold text-stone-900">{f.parking.value} free parking bays</span>
              </Card>
            </li>
          </ul>
        </Section>
      )}

      <Section id="sustainability" eyebrow="Sustainability" title="Looking after our corner of Joburg">
        <ul className="grid gap-6 md:grid-cols-3">
          {sustainability.map((s) => (
            <li key={s.title}>
              <Card className="h-full p-6">
                <s.icon className="size-10 rounded-lg bg-green-50 p-2 text-green-700" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-stone-900">{s.title}</h3>
                <p className="mt-2 text-stone-600">{s.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="numbers" eyebrow="By the numbers" title={`${centre.centre_name} at a glance`} tone="dark">
        <StatGrid tone="dark" stats={[f.gla, f.parking, f.stores, f.years, f.footTraffic, f.occupancy]} />
      </Section>
    </>
  )
}
