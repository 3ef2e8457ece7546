import { RETENTION_DEFAULT_DAYS as KEEP, retentionPeriod } from '@genesis/contracts/retention'
import { useQuery } from '@tanstack/react-query'
import { PageMeta } from '../../../components/seo/page-meta'
import { Alert } from '../../../components/ui/alert'
import { PageHero, Section } from '../../../components/ui/section'
import { Skeleton } from '../../../components/ui/skeleton'
import { paths } from '../../../config/paths'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { getPrivacyNotice, NOTICE_QUERY_KEY } from '../../../features/centre/api/get-privacy-notice'

/** What each form collects, why, and how long it is kept (POPIA s18(1)). */
const FORMS = [
  {
    form: 'Contact form and leasing enquiries',
    collected: 'Your name, e-mail address, phone number, company and message.',
    why: 'To answer you, and for leasing enquiries to discuss space at the centre.',
    kept: `${retentionPeriod(KEEP.enquiries)} after you write, then deleted.`,
  },
  {
    form: 'Enquiries about a vacant unit',
    collected: 'Your name, e-mail address, phone number, business details and message.',
    why: 'To answer your enquiry about that unit.',
    kept: `${retentionPeriod(KEEP.enquiries)} after you write, then deleted.`,
  },
  {
    form: 'Newsletter sign-up',
    collected: 'Your e-mail address, when you agreed and the wording you agreed to.',
    why: 'To send you the centre’s newsletter, only with your consent.',
    kept: `Until you unsubscribe; a sign-up you never confirm is deleted after ${retentionPeriod(KEEP.unconfirmed_subscribers)}. The record of your consent is kept as proof that you agreed; once your information is erased, it no longer holds your address.`,
  },
  {
    form: 'Tenant portal',
    collected: 'The tenant’s contact details, statements, proofs of payment and maintenance requests.',
    why: 'To manage the lease: statements, payments, maintenance and notices.',
    kept: 'For the lease, and financial records for as long as the law requires.',
  },
  {
    form: 'Using the website',
    collected: 'Pages visited, performance measurements and errors, without your name.',
    why: 'To keep the site working and fast.',
    kept: `Events ${retentionPeriod(KEEP.monitoring_events)}, errors ${retentionPeriod(KEEP.monitoring_errors)}; copies of e-mails we send ${retentionPeriod(KEEP.mail_bodies)}.`,
  },
]

/**
 * /privacy: the privacy notice (issue 20, item 1; POPIA s18): who is responsible, the Information
 * Officer, what each form collects, why and for how long, who it is shared with, and the rights of
 * the person it is about. Linked from the footer and beside every form's submit button.
 */
export default function PrivacyRoute() {
  const centre = useCentreSettings()
  const notice = useQuery({ queryKey: NOTICE_QUERY_KEY, queryFn: getPrivacyNotice, staleTime: 5 * 60_000 })
  const n = notice.data
  const party = n?.responsible_party || centre.centre_name
  const officerEmail = n?.information_officer_email || centre.management_email
  const officerPhone = n?.information_officer_phone || centre.phone
  return (
    <>
      <PageMeta
        title={paths.privacy.title}
        description={`How ${centre.centre_name} collects, uses and protects personal information, and how to use your rights under POPIA.`}
        path={paths.privacy.getHref()}
      />
      <PageHero
        eyebrow="Your information"
        title="Privacy Notice"
        intro="What we collect through this website and the tenant portal, why, how long we keep it, and your rights under the Protection of Personal Information Act (POPIA)."
      />
      <Section id="responsible" title="Who is responsible">
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-stone-700">
          {notice.isError ? (
            <Alert variant="error" title="The contact details could not be loaded">
              Please refresh the page, or write to {centre.management_email || 'the centre management'}.
            </Alert>
          ) : !n ? (
            <div className="space-y-2" aria-busy="true">
              <span className="sr-only" role="status">
                Loading…
              </span>
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-6 w-1/2" />
            </div>
          ) : (
            <>
              <p>
                The responsible party is <strong>{party}</strong>
                {centre.address_line ? `, ${centre.address_line}, ${centre.suburb}, ${centre.city}` : ''}.
              </p>
              <p>
                Our Information Officer is{' '}
                <strong>{n.information_officer_name || 'the Centre Manager'}</strong>:{' '}
                <a className="font-medium text-brand-800 underline" href={`mailto:${officerEmail}`}>
                  {officerEmail}
                </a>
                {officerPhone ? `, ${officerPhone}` : ''}.
              </p>
            </>
          )}
        </div>
      </Section>
      <Section id="collected" title="What we collect, why, and for how long" tone="warm">
        <dl className="grid gap-4 lg:grid-cols-2">
          {FORMS.map((f) => (
            <div key={f.form} className="rounded-xl border border-stone-200 bg-white p-5">
              <dt className="text-lg font-semibold text-stone-900">{f.form}</dt>
              <dd className="mt-2 space-y-1 text-stone-700">
                <p>
                  <span className="font-medium text-stone-900">What: </span>
                  {f.collected}
                </p>
                <p>
                  <span className="font-medium text-stone-900">Why: </span>
                  {f.why}
                </p>
                <p>
                  <span className="font-medium text-stone-900">How long: </span>
                  {f.kept}
                </p>
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="shared" title="Who we share it with">
        <p className="max-w-3xl text-lg leading-relaxed text-stone-700">
          {n
            ? n.privacy_shared_with ||
              'We do not share personal information, except where the law requires it.'
            : '…'}
        </p>
      </Section>
      <Section id="rights" title="Your rights" tone="warm">
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-stone-700">
          <ul className="list-disc space-y-2 pl-6">
            <li>Ask what personal information we hold about you, and receive a copy.</li>
            <li>Ask us to correct it, or to delete it where we no longer need it.</li>
            <li>Object to its use, and withdraw your consent to the newsletter at any time.</li>
            <li>Be told if your information was accessed by someone who should not have it.</li>
            <li>
              Complain to the Information Regulator (
              <a className="font-medium text-brand-800 underline" href="mailto:complaints.IR@justice.gov.za">
                complaints.IR@justice.gov.za
              </a>
              ).
            </li>
          </ul>
          <p>
            To use any of these rights, write to our Information Officer at{' '}
            <a className="font-medium text-brand-800 underline" href={`mailto:${officerEmail}`}>
              {officerEmail || 'the centre management'}
            </a>{' '}
            from the address you gave us, or call {officerPhone}. We answer within 30 days.
          </p>
        </div>
      </Section>
    </>
  )
}
