import { BuildingIcon, MailIcon, PhoneIcon, ShieldAlertIcon, ShieldIcon } from 'lucide-react'
import { PageMeta } from '../../../components/seo/page-meta'
import { EmailAddress } from '../../../components/text/email-address'
import { Card } from '../../../components/ui/card'
import { PageHero } from '../../../components/ui/section'
import { WhatsAppLink } from '../../../components/ui/whatsapp-link'
import { paths } from '../../../config/paths'
import { fullAddress, telHref, useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { shoppingCenterJsonLd } from '../../../features/centre/components/centre-json-ld'
import { MapEmbed } from '../../../features/centre/components/map-embed'
import { ContactForm } from '../../../features/enquiries/components/contact-form'

export default function ContactRoute() {
  const centre = useCentreSettings()
  return (
    <>
      <PageMeta
        title="Contact Us"
        description={`Contact ${centre.centre_name} management on ${centre.phone}, or our 24/7 security on ${centre.security_phone}. ${fullAddress(centre)}.`}
        path={paths.contact.getHref()}
        jsonLd={(base) => shoppingCenterJsonLd(centre, base)}
      />
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        intro="Questions, feedback or a lost umbrella: we are here to help."
      />

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div
          role="note"
          className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 sm:flex-row sm:items-center"
        >
          <ShieldAlertIcon className="size-8 shrink-0 text-red-700" aria-hidden="true" />
          <p className="text-red-900">
            <strong>24/7 Security Emergency:</strong> call{' '}
            <a href={telHref(centre.security_phone)} className="font-bold whitespace-nowrap underline">
              {centre.security_phone}
            </a>{' '}
            any time, day or night.
          </p>
        </div>

        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-xl font-semibold text-stone-900">
              <BuildingIcon className="size-6 text-brand-700" aria-hidden="true" />
              Centre Management
            </h2>
            <ul className="mt-4 space-y-3 text-stone-700">
              <li className="flex items-center gap-2">
                <PhoneIcon className="size-4 text-stone-500" aria-hidden="true" />
                <a
                  href={telHref(centre.phone)}
                  className="font-medium whitespace-nowrap text-brand-800 hover:underline"
                >
                  {centre.phone}
                </a>
              </li>
              {centre.management_email && (
                <li className="flex items-center gap-2">
                  <MailIcon className="size-4 text-stone-500" aria-hidden="true" />
                  <a
                    href={`mailto:${centre.management_email}`}
                    className="font-medium text-brand-800 hover:underline"
                  >
                    <EmailAddress address={centre.management_email} />
                  </a>
                </li>
              )}
              {centre.management_whatsapp && (
                <li>
                  <WhatsAppLink
                    number={centre.management_whatsapp}
                    page="Contact page"
                    label="Chat with centre management on WhatsApp"
                  />
                </li>
              )}
              {centre.leasing_whatsapp && (
                <li>
                  <WhatsAppLink
                    number={centre.leasing_whatsapp}
                    page="Contact page"
                    label="Chat with our leasing team on WhatsApp"
                  />
                </li>
              )}
            </ul>
          </Card>
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-xl font-semibold text-stone-900">
              <ShieldIcon className="size-6 text-brand-700" aria-hidden="true" />
              {centre.security_company || 'Security'}
            </h2>
            <p className="mt-1 text-sm text-stone-600">Security company, on site 24/7</p>
            <ul className="mt-4 space-y-3 text-stone-700">
              <li className="flex items-center gap-2">
                <PhoneIcon className="size-4 text-stone-500" aria-hidden="true" />
                <a
                  href={telHref(centre.security_phone)}
                  className="font-medium whitespace-nowrap text-brand-800 hover:underline"
                >
                  {centre.security_phone}
                </a>
              </li>
            </ul>
          </Card>
        </div>

        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="message-heading">
            <h2 id="message-heading" className="text-2xl font-bold text-stone-900">
              Send us a message
            </h2>
            <p className="mt-2 text-stone-600">We reply within one working day.</p>
            <Card className="mt-6 p-6">
              <ContactForm contactEmail={centre.general_email || centre.management_email} />
            </Card>
          </section>
          <section aria-labelledby="find-us-heading">
            <h2 id="find-us-heading" className="text-2xl font-bold text-stone-900">
              Find us
            </h2>
            <address className="mt-2 text-stone-600 not-italic">{fullAddress(centre)}</address>
            <MapEmbed centre={centre} className="mt-6" />
          </section>
        </div>
      </div>
    </>
  )
}
