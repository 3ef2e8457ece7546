import type { CentreContacts } from '@genesis/contracts/centre-settings'
import type { EmailContent } from '@genesis/contracts/email-content'

/**
 * The mail a new sign-up gets (double opt-in): who the centre is, how to reach it, what they are
 * agreeing to (POPIA), the link that confirms, and a link that unsubscribes without signing in.
 * Until the link is followed the address receives no newsletter.
 */
export function confirmationEmail(input: {
  centre: CentreContacts
  email: string
  consentText: string
  confirmUrl: string
  unsubscribeUrl: string
}): { subject: string; content: EmailContent } {
  const { centre } = input
  return {
    subject: `Please confirm your subscription to ${centre.centre_name} news`,
    content: {
      preheader: `One click to start receiving news from ${centre.centre_name}`,
      heading: 'Please confirm your subscription',
      paragraphs: [
        `Thank you for subscribing. Please confirm that ${input.email} should receive news about new stores, events and specials from ${centre.centre_name}. We send nothing until you do.`,
        `By confirming you agree to this: "${input.consentText}"`,
        `Questions? Call us on ${centre.phone} or write to ${centre.general_email}.`,
      ],
      button: { label: 'Confirm my subscription', url: input.confirmUrl },
      footer: [
        `You receive this mail because ${input.email} was entered in the newsletter form on the ${centre.centre_name} website. If that was not you, ignore this mail: without confirmation you will not hear from us again.`,
      ],
      footerLinks: [{ label: 'Unsubscribe', url: input.unsubscribeUrl }],
    },
  }
}
