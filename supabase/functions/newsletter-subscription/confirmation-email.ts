import type { CentreContacts } from '@genesis/contracts/centre-settings'
import type { EmailContent } from '@genesis/contracts/email-content'

/**
 * The confirmation a new subscriber gets: who the centre is, how to reach it, what they agreed
 * to (POPIA), and a link that unsubscribes without signing in.
 */
export function confirmationEmail(input: {
  centre: CentreContacts
  email: string
  consentText: string
  siteUrl: string
  unsubscribeUrl: string
}): { subject: string; content: EmailContent } {
  const { centre } = input
  return {
    subject: `You're subscribed to ${centre.centre_name} news`,
    content: {
      preheader: `News about new stores and events at ${centre.centre_name}`,
      heading: 'Successfully subscribed!',
      paragraphs: [
        `Thank you for subscribing. ${centre.centre_name} will send news about new stores, events and specials to ${input.email}.`,
        `You agreed to this: "${input.consentText}"`,
        `Questions? Call us on ${centre.phone} or write to ${centre.general_email}.`,
      ],
      button: { label: 'Visit our website', url: input.siteUrl },
      footer: [
        `You receive this mail because ${input.email} was subscribed to ${centre.centre_name} news on our website. If that was not you, unsubscribe and we will not write again.`,
      ],
      footerLinks: [{ label: 'Unsubscribe', url: input.unsubscribeUrl }],
    },
  }
}
