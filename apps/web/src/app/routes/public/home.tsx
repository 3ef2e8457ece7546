import { useQueryClient } from '@tanstack/react-query'
import {
  CarIcon,
  HeartHandshakeIcon,
  MailIcon,
  ShieldCheckIcon,
  ShoppingBagIcon,
  UsersIcon,
} from 'lucide-react'
import { lazy, Suspense } from 'react'
import { LivePart } from '../../../components/live-part'
import { PageMeta } from '../../../components/seo/page-meta'
import { Card } from '../../../components/ui/card'
import { Section } from '../../../components/ui/section'
import { POWER_SECTION_ID, paths } from '../../../config/paths'
import { centreFigures } from '../../../features/centre/api/centre-figures'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { shoppingCenterJsonLd } from '../../../features/centre/components/centre-json-ld'
import { HeroCarousel } from '../../../features/home/components/hero-carousel'
import { RetailerStrip } from '../../../features/home/components/retailer-strip'
import { StatGrid } from '../../../features/home/components/stat-grid'
import { NewsletterSignup } from '../../../features/newsletter/components/newsletter-signup'
import { useMinuteClock, usePowerStatuses } from '../../../features/power-status/api/get-power-statuses'
import { CentrePowerPanel } from '../../../features/power-status/components/centre-power-panel'
import {
  FEATURED_LOGOS_KEY,
  type FeaturedLogos,
  featuredLogos,
} from '../../../features/stores/api/featured-logos'
import type { Shop } from '../../../features/stores/api/get-shops'
import { CentreOpenBand } from '../../../features/stores/components/centre-open-band'
import { publicStorageUrl } from '../../../lib/backend'
import { breakAfterSlash } from '../../../lib/break-after-slash'
import { amenityHasStatus, amenityIcon } from './amenity-icon'

/**
 * The sections under the hero: the browser skips their layout and painting until they come near
 * the screen, so the first paint of this long page costs a phone a fraction of the work. The
 * remembered size keeps the scrollbar steady once they have been drawn.
 */
const HomeWhatsOn = lazy(() => import('./home-whats-on'))
const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_36rem]'

// The map card is near the bottom of the page: its code loads after the page's own (the public
// pages' JavaScript budget, scripts/check-budgets.ts). The contact page draws it at once.
const MapEmbed = lazy(async () => ({
  default: (await import('../../../features/centre/components/map-embed')).MapEmbed,
}))

export default function HomeRoute() {
  const centre = useCentreSettings()
  // The featured stores' logos: handed over by the gateway under their own key (decision 037), or
  // from the shop list when the app already has it (a visitor who came from the directory). Not
  // fetched for this: the shops query and its schema would push the home page over its JavaScript
  // budget (scripts/check-budgets.ts); without either, monograms.
  const queryClient = useQueryClient()
  const handedLogos = queryClient.getQueryData<FeaturedLogos>(FEATURED_LOGOS_KEY)
  const shops = handedLogos ? undefined : queryClient.getQueryData<Shop[]>(['shops'])
  const logos = handedLogos ?? (shops ? featuredLogos(shops, centre.featured_retailers) : {})
  const f = centreFigures(centre)
  const power = usePowerStatuses()
  const now = useMinuteClock()
  const why = [
    {
      icon: ShoppingBagIcon,
      title: 'Everything close to home',
      text: `${f.stores.value} stores for groceries, fashion, health, food and everyday services under one roof.`,
    },
    {
      icon: CarIcon,
      title: 'Easy, free parking',
      text: `${f.parking.value} free parking bays, so a quick errand stays quick.`,
    },
    {
      icon: ShieldCheckIcon,
      title: 'Safe and secure',
      text: 'Security on site 24/7 with CCTV throughout the centre and parking.',
    },
    {
      icon: HeartHandshakeIcon,
      title: 'Part of the community',
      text: `Serving the neighbourhood for ${f.years.value} years with local businesses and familiar faces.`,
    },
  ]
  return (
    <>
      <PageMeta
        title={centre.centre_name}
        description={`${centre.centre_name}: ${f.stores.value} stores, ${f.parking.value} free parking bays and 24/7 security in ${centre.suburb || centre.city}, Johannesburg.`}
        path={paths.home.getHref()}
        jsonLd={(base) => shoppingCenterJsonLd(centre, base)}
      />
      <HeroCarousel
        title={<>Welcome to {centre.centre_name}</>}
        subtitle={`${centre.tagline}. Shop, eat and get things done, close to home.`}
      />
      <CentreOpenBand centreName={centre.centre_name} hours={centre.centre_hours} />

      <section id={POWER_SECTION_ID} aria-labelledby={`${POWER_SECTION_ID}-heading`} className="bg-stone-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 sm:px-6 md:flex-row md:items-center md:gap-6">
          <h2 id={`${POWER_SECTION_ID}-heading`} className="shrink-0 text-base font-semibold text-stone-900">
            Power right now
          </h2>
          <CentrePowerPanel statuses={power.data} now={now} pending={power.isPending} />
        </div>
      </section>

      <Section
        id="why"
        className={BELOW_THE_FOLD}
        eyebrow="Why choose us"
        title={`Why shop at ${centre.centre_name}?`}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {why.map((w) => (
            <li key={w.title}>
              <Card className="h-full p-6">
                <w.icon className="size-10 rounded-lg bg-brand-50 p-2 text-brand-700" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-stone-900">{w.title}</h3>
                <p className="mt-2 text-stone-600">{w.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Suspense fallback={null}>
        <HomeWhatsOn now={now} className={BELOW_THE_FOLD} />
      </Suspense>

      <Section
        id="stats"
        className={BELOW_THE_FOLD}
        eyebrow="The centre in numbers"
        title="A busy neighbourhood hub"
        tone="dark"
      >
        <StatGrid tone="dark" stats={[f.gla, f.parking, f.stores, f.years, f.footTraffic, f.occupancy]} />
      </Section>

      {centre.amenities.length > 0 && (
        <Section
          id="amenities"
          className={BELOW_THE_FOLD}
          eyebrow="Amenities"
          title="Comfort and convenience, every visit"
        >
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {centre.amenities.map((a) => {
              const Icon = amenityIcon(a)
              return (
                <li
                  key={a}
                  className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 p-5 text-center"
                >
                  <Icon className="size-8 text-brand-700" aria-hidden="true" />
                  {amenityHasStatus(a) ? (
                    <a
                      href={paths.home.getHref(POWER_SECTION_ID)}
                      className="font-medium text-brand-800 underline underline-offset-2"
                    >
                      {a}
                      <span className="sr-only">: see the power status now</span>
                    </a>
                  ) : (
                    <span className="font-medium text-stone-800">{a}</span>
                  )}
                </li>
              )
            })}
          </ul>
        </Section>
      )}

      {centre.featured_retailers.length > 0 && (
        <Section
          id="retailers"
          className={BELOW_THE_FOLD}
          eyebrow="Featured retailers"
          title="Some of the names you will find here"
          tone="warm"
        >
          <RetailerStrip
            retailers={centre.featured_retailers.map((name) => {
              const logo = logos[name]
              return { name, logoUrl: logo ? publicStorageUrl('shop-logos', logo) : null }
            })}
          />
        </Section>
      )}

      <Section id="catchment" className={BELOW_THE_FOLD} eyebrow="Our community" title="Who we serve">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[f.radius, f.population, f.income, f.age].map((s) => (
            <Card key={s.label} className="flex flex-col-reverse p-5">
              <dt className="mt-1 flex items-center gap-2 text-sm text-stone-600">
                <UsersIcon className="size-4 shrink-0" aria-hidden="true" />
                {s.label}
              </dt>
              <dd className="text-xl font-extrabold text-stone-900 sm:text-2xl">
                {breakAfterSlash(s.value)}
              </dd>
            </Card>
          ))}
        </dl>
      </Section>

      <Section
        id="location"
        className={BELOW_THE_FOLD}
        eyebrow="Visit us"
        title="Find us"
        tone="warm"
        intro={`${centre.centre_name} is in ${centre.suburb || centre.city}, with easy access and free parking.`}
      >
        <Suspense
          fallback={<div className="aspect-[4/3] w-full rounded-2xl bg-stone-100 sm:aspect-[16/7]" />}
        >
          <LivePart>
            <MapEmbed centre={centre} />
          </LivePart>
        </Suspense>
      </Section>

      <section aria-labelledby="newsletter-heading" className="bg-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <h2
              id="newsletter-heading"
              className="flex items-center gap-3 text-2xl font-bold text-white sm:text-3xl"
            >
              <MailIcon className="size-7" aria-hidden="true" />
              Stay in the loop
            </h2>
            <p className="mt-2 text-brand-50">
              News about new stores, specials and events at {centre.centre_name}, straight to your inbox.
            </p>
          </div>
          <NewsletterSignup
            contactEmail={centre.general_email || centre.management_email}
            centreName={centre.centre_name}
          />
        </div>
      </section>
    </>
  )
}
