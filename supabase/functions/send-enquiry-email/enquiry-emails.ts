import type { CentreContacts } from '@genesis/contracts/centre-settings'
import type { EmailContent } from '@genesis/contracts/email-content'
import type { ParsedEnquiry } from '@genesis/contracts/enquiry'

export interface EnquiryMail {
  to: string
  subject: string
  content: EmailContent
}

/** Header values must stay on one line whatever a visitor typed. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

const BUSINESS_TYPE_LABELS: Record<string, string> = {
  retail: 'Retail',
  food: 'Food',
  services: 'Services',
  other: 'Other',
}
const ENQUIRY_TYPE_LABELS: Record<string, string> = {
  general: 'General',
  leasing: 'Leasing',
  complaint: 'Complaint',
  other: 'Other',
}

/** The centre is in Johannesburg (docs/product/site.md §1): its team reads times in South African time. */
const RECEIVED_FORMAT = new Intl.DateTimeFormat('en-ZA', {
  timeZone: 'Africa/Johannesburg',
  dateStyle: 'medium',
  timeStyle: 'short',
})

/** Unit and leasing enquiries go to the leasing team; contact messages to centre management. */
export function teamAddress(enquiry: ParsedEnquiry, centre: CentreContacts): string {
  return enquiry.kind === 'contact' ? centre.management_email : centre.leasing_email
}

/** The mail to the centre's team, with every field the visitor gave; replies go to the visitor. */
export function teamMail(enquiry: ParsedEnquiry, centre: CentreContacts, receivedAt: Date): EnquiryMail {
  const name = oneLine(enquiry.name)
  const received = RECEIVED_FORMAT.format(receivedAt)
  const common: Array<[string, string | undefined]> = [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Phone', enquiry.phone],
  ]
  const reply = `Reply to this mail to answer ${name} directly.`
  switch (enquiry.kind) {
    case 'unit':
      return {
        to: teamAddress(enquiry, centre),
        subject: `Enquiry about unit ${oneLine(enquiry.unitNumber)} from ${name}`,
        content: {
          preheader: `${name} asked about unit ${oneLine(enquiry.unitNumber)}`,
          heading: `New enquiry about unit ${enquiry.unitNumber}`,
          paragraphs: [
            `${name} sent an enquiry about unit ${enquiry.unitNumber} from the Available Spaces list on the website (received ${received} SAST). The visitor was promised a reply within 24 hours.`,
            reply,
          ],
          details: [['Unit', enquiry.unitNumber], ...common, ['Message', enquiry.message]],
        },
      }
    case 'leasing':
      return {
        to: teamAddress(enquiry, centre),
        subject: `Leasing enquiry from ${name}${enquiry.company ? ` (${oneLine(enquiry.company)})` : ''}`,
        content: {
          preheader: `${name} sent the leasing enquiry form`,
          heading: 'New leasing enquiry',
          paragraphs: [
            `${name} sent the leasing enquiry form on the website (received ${received} SAST).`,
            reply,
          ],
          details: [
            ...common,
            ['Company', enquiry.company],
            ['Business type', enquiry.businessType ? BUSINESS_TYPE_LABELS[enquiry.businessType] : undefined],
            ['Message', enquiry.message],
          ],
        },
      }
    case 'contact':
      return {
        to: teamAddress(enquiry, centre),
        subject: `Website message from ${name}${enquiry.enquiryType ? ` (${ENQUIRY_TYPE_LABELS[enquiry.enquiryType]})` : ''}`,
        content: {
          preheader: `${name} sent a message from the contact page`,
          heading: 'New message from the contact page',
          paragraphs: [`${name} sent a message from the contact page (received ${received} SAST).`, reply],
          details: [
            ...common,
            ['Enquiry type', enquiry.enquiryType ? ENQUIRY_TYPE_LABELS[enquiry.enquiryType] : undefined],
            ['Message', enquiry.message],
          ],
        },
      }
  }
}

/**
 * The acknowledgement to the visitor: what happens next and how to reach the centre meanwhile. It
 * does not echo the message back: the form is public, and a mail that repeats free text to any
 * address typed in would let strangers send their text from the centre's domain.
 */
export function acknowledgementMail(enquiry: ParsedEnquiry, centre: CentreContacts): EnquiryMail {
  const team = teamAddress(enquiry, centre)
  const reach = `If you need us sooner, call ${centre.phone} or write to ${team}.`
  const firstName = oneLine(enquiry.name).split(' ')[0]
  switch (enquiry.kind) {
    case 'unit':
      return {
        to: enquiry.email,
        subject: `We received your enquiry about unit ${oneLine(enquiry.unitNumber)} at ${centre.centre_name}`,
        content: {
          heading: 'Enquiry sent successfully!',
          paragraphs: [
            `Dear ${firstName}, thank you for your interest in unit ${enquiry.unitNumber} at ${centre.centre_name}.`,
            'Our leasing team will contact you within 24 hours.',
            reach,
          ],
        },
      }
    case 'leasing':
      return {
        to: enquiry.email,
        subject: `We received your leasing enquiry at ${centre.centre_name}`,
        content: {
          heading: 'Enquiry received!',
          paragraphs: [
            `Dear ${firstName}, thank you for your interest in leasing space at ${centre.centre_name}. We'll be in touch shortly.`,
            reach,
          ],
        },
      }
    case 'contact':
      return {
        to: enquiry.email,
        subject: `We received your message to ${centre.centre_name}`,
        content: {
          heading: 'Message sent successfully!',
          paragraphs: [
            `Dear ${firstName}, thank you for contacting ${centre.centre_name}. We'll get back to you shortly.`,
            reach,
          ],
        },
      }
  }
}
