import { BuildingIcon, CakeIcon, TrendingUpIcon, UsersIcon } from 'lucide-react'
import { lazy, Suspense, useEffect } from 'react'
import { useLocation } from 'react-router'
import { LivePart } from '../../../components/live-part'
import { PageMeta } from '../../../components/seo/page-meta'
import { EmailAddress } from '../../../components/text/email-address'
import { buttonClasses } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { PageHero, Section } from '../../../components/ui/section'
import { Skeleton } from '../../../components/ui/skeleton'
import { WhatsAppLink } from '../../../components/ui/whatsapp-link'
import { ENQUIRY_FORM_ID, paths } from '../../../config/paths'
import { centreFigures } from '../../../features/centre/api/centre-figures'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { UnitEnquiryButton } from '../../../features/enquiries/components/unit-enquiry-button'
import { StatGrid } from '../../../features/home/components/stat-grid'
import { useVacantShops, type VacantShop } from '../../../features/leasing/api/get-vacant-shops'
import { VacantShopCard } from '../../../features/leasing/components/vacant-shop-card'
import { breakAfterSlash } from '../../../lib/break-after-slash'

/** Each vacant unit as a schema.org Offer of a Place in the centre (issue 15, §1). */
function vacantUnitsJsonLd(units: VacantShop[], centreName: string, base: string) {
  return units.map((unit) => ({
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: `Unit ${unit.unit_number} to let`,
    // The status is free text ('Available from 1 March 2027'), not one of schema.org's availability values.
    description: `${unit.status}. ${unit.description}`,
    url: `${base}${paths.leasing.getHref()}`,
    priceSpecification:
      unit.basic_rental_per_sqm === null
        ? undefined
        : {
            '@type': 'UnitPriceSpecification',
            price: unit.basic_rental_per_sqm,
            priceCurrency: 'ZAR',
            unitText: 'per m² per month',
          },
    itemOffered: {
      '@type': 'Place',
      name: `Unit ${unit.unit_number}${unit.floor ? `, ${unit.floor}` : ''}`,
      additionalType: unit.type,
      floorSize: { '@type': 'QuantitativeValue', value: unit.size_m2, unitCode: 'MTK' },
      containedInPlace: { '@type': 'ShoppingCenter', '@id': `${base}/#centre`, name: centreName },
    },
  }))
}

// The enquiry form sits at the bottom of the page: its code (fields, validation, submission) loads
// after the page's own, which keeps the page within its JavaScript budget (scripts/check-budgets.ts).
const LeasingEnquiryForm = lazy(async () => ({
  default: (await import('../../../features/enquiries/components/leasing-enquiry-form')).LeasingEnquiryForm,
}))

/**
 * The list of units is below the first screen on every width: the browser skips its style, layout
 * and painting until it comes near the screen, as on home (decision 049), so the served page's
 * first layout does not lay out every unit card and its floor plan. The remembered size keeps the
 * scrollbar steady once it has been drawn. Not the enquiry form: skipped, its fields' text was
 * measured against the footer's dark background by Lighthouse's contrast check (accessibility 97).
 */
const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_36rem]'

export default function LeasingRoute() {
  const centre = useCentreSettings()
  const f = centreFigures(centre)
  const vacant = useVacantShops()
  const location = useLocation()
  const leasingEmail = centre.leasing_email || centre.management_email

  // The spec (docs/product/site.md §2): arriving with #enquiry-form scrolls to the form. Wait for the unit cards above it to
  // settle so the form does not move away after the jump.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new navigation to the same hash scrolls again
  useEffect(() => {
    if (location.hash !== `#${ENQUIRY_FORM_ID}` || vacant.isPending) return
    document.getElementById(ENQUIRY_FORM_ID)?.scrollIntoView({ block: 'start' })
  }, [location.hash, location.key, vacant.isPending])

  return (
    <>
      <PageMeta
        title="Leasing"
        description={`Lease retail space at ${centre.centre_name}: ${f.footTraffic.value} daily visitors, ${f.occupancy.value} occupancy and a ${f.radius.value} catchment of ${f.population.value} people.`}
        path={paths.leasing.getHref()}
        jsonLd={vacant.data ? (base) => vacantUnitsJsonLd(vacant.data, centre.centre_name, base) : undefined}
      />
      <PageHero
        eyebrow="Leasing"
        title="Grow your business with us"
        intro={`Join ${f.stores.value} stores in a busy, well-run neighbourhood centre with ${f.footTraffic.value} visitors a day.`}
        actions={
          <>
            {/* Plain in-page links: they work from the first paint, before the app has loaded. */}
            <a href="#available-spaces" className={buttonClasses('primary', 'lg')}>
              See available spaces
            </a>
            <a href={`#${ENQUIRY_FORM_ID}`} className={buttonClasses('outline', 'lg')}>
              Enquire
            </a>
          </>
        }
      />

      <Section id="key-figures" eyebrow="Key figures" title="A centre that performs">
        <StatGrid stats={[f.gla, f.footTraffic, f.occupancy, f.parking, f.stores, f.years]} />
      </Section>

      <Section
        id="demographics"
        eyebrow="Demographics"
        title="Your customers"
        tone="warm"
        intro="A settled, working-age community within a short drive."
      >
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {[
            { icon: BuildingIcon, ...f.radius },
            { icon: UsersIcon, ...f.population },
            { icon: TrendingUpIcon, ...f.income },
            { icon: CakeIcon, ...f.age },
          ].map((d) => (
            <li key={d.label}>
              <Card className="h-full p-4 sm:p-6">
                <d.icon className="size-8 text-brand-700" aria-hidden="true" />
                <p className="mt-3 text-xl font-extrabold text-stone-900 sm:text-3xl">
                  {breakAfterSlash(d.value)}
                </p>
                <p className="text-stone-600">{d.label}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="available-spaces"
        className={`scroll-mt-20 ${BELOW_THE_FOLD}`}
        eyebrow="Space to let"
        title="Available Spaces"
      >
        {vacant.isPending ? (
          <div aria-busy="true" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">Loading available spaces…</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-96 rounded-2xl" />
            ))}
          </div>
        ) : vacant.isError || vacant.data.length === 0 ? (
          <p className="text-stone-600">
            No spaces are listed right now. Tell us what you need below and we will let you know when a unit
            becomes available.
          </p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {vacant.data.map((unit) => (
              <li key={unit.id} className="flex">
                <div className="flex w-full flex-col [&>*]:flex-1">
                  <VacantShopCard
                    unit={unit}
                    action={<UnitEnquiryButton unitNumber={unit.unit_number} contactEmail={leasingEmail} />}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <section
        id={ENQUIRY_FORM_ID}
        aria-labelledby="enquiry-form-heading"
        className="scroll-mt-20 bg-stone-50 py-16 sm:py-20"
      >
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_2fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Leasing enquiry</p>
            <h2 id="enquiry-form-heading" className="mt-2 text-3xl font-bold tracking-tight text-stone-900">
              Tell us about your business
            </h2>
            <p className="mt-4 text-stone-600">
              Our leasing team will get back to you with options that fit. You can also email{' '}
              {leasingEmail ? (
                <a href={`mailto:${leasingEmail}`} className="font-medium text-brand-800 underline">
                  <EmailAddress address={leasingEmail} />
                </a>
              ) : (
                'our leasing team'
              )}
              .
            </p>
            {centre.leasing_whatsapp && (
              <p className="mt-3">
                <WhatsAppLink
                  number={centre.leasing_whatsapp}
                  page="Leasing page"
                  label="Or chat with our leasing team on WhatsApp"
                />
              </p>
            )}
          </div>
          <Card className="p-6 sm:p-8">
            <Suspense
              fallback={
                <div aria-busy="true" className="min-h-[40rem]">
                  <span className="sr-only">Loading the enquiry form…</span>
                </div>
              }
            >
              <LivePart>
                <LeasingEnquiryForm contactEmail={leasingEmail} />
              </LivePart>
            </Suspense>
          </Card>
        </div>
      </section>
    </>
  )
}
