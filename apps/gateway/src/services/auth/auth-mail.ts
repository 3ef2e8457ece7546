import type { EmailContent } from '@genesis/contracts/email-content'
import type { Config } from '../../config.ts'
import { CentreSettingsMissingError, readCentreContacts } from '../../database/read-centre-contacts.ts'
import type { Deps } from '../../deps.ts'
import { emailBrand } from '../../mail/email-brand.ts'
import { type EmailBrand, renderEmail } from '../../mail/render-email.ts'

export type AuthMailKind =
  | 'signup'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email_change'
  | 'reauthentication'

interface AuthMailText {
  subject: (centre: string) => string
  heading: string
  intro: (centre: string) => string
  action: string
  unexpected: string
}

const TEXTS: Record<AuthMailKind, AuthMailText> = {
  signup: {
    subject: (centre) => `Confirm your sign-up to ${centre}`,
    heading: 'Confirm your e-mail address',
    intro: (centre) => `Thank you for signing up to ${centre}. Confirm your e-mail address to finish.`,
    action: 'Confirm my e-mail address',
    unexpected: 'If you did not sign up, ignore this e-mail: no account is used without confirmation.',
  },
  magiclink: {
    subject: (centre) => `Your ${centre} sign-in link`,
    heading: 'Sign in',
    intro: (centre) => `Use this link or code to sign in to ${centre}.`,
    action: 'Sign in',
    unexpected: 'If you did not ask to sign in, ignore this e-mail.',
  },
  recovery: {
    subject: (centre) => `Reset your ${centre} password`,
    heading: 'Reset your password',
    intro: (centre) => `Someone asked to reset the password of your ${centre} account.`,
    action: 'Choose a new password',
    unexpected: 'If it was not you, ignore this e-mail: your password stays as it is.',
  },
  invite: {
    subject: (centre) => `You have been invited to ${centre}`,
    heading: 'You have been invited',
    intro: (centre) =>
      `You have been invited to the ${centre} portal. Accept the invitation to set up your account.`,
    action: 'Accept the invitation',
    unexpected: 'If you did not expect this invitation, ignore this e-mail.',
  },
  email_change: {
    subject: (centre) => `Confirm the new e-mail address of your ${centre} account`,
    heading: 'Confirm the change of e-mail address',
    intro: (centre) =>
      `Confirm the change of the e-mail address of your ${centre} account. Both the old and the new address receive a link; the change takes effect once both are confirmed.`,
    action: 'Confirm the change',
    unexpected: 'If you did not ask for this change, ignore this e-mail and the address stays as it is.',
  },
  reauthentication: {
    subject: (centre) => `Confirm it is you (${centre})`,
    heading: 'Confirm it is you',
    intro: () => 'Enter this code to confirm the change to your account.',
    action: '',
    unexpected: 'If you did not ask for this code, someone may know your password: change it.',
  },
}

/** The `/verify` link of an e-mail (docs/protocol/auth.md §2.7). */
export function verifyLink(config: Config, tokenHash: string, type: string, redirectTo: string): string {
  const query = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo })
  return `${config.siteUrl}/auth/v1/verify?${query.toString()}`
}

/**
 * The sender shown in the mail: the centre's settings, or — on a fresh install whose settings are
 * not filled in yet — the site's host, because a recovery mail must go out all the same.
 */
async function authMailBrand(deps: Deps): Promise<EmailBrand> {
  try {
    return emailBrand(await readCentreContacts(deps.db), deps.config.siteUrl)
  } catch (error) {
    if (!(error instanceof CentreSettingsMissingError)) throw error
    return {
      name: new URL(deps.config.siteUrl).host,
      address: '',
      phone: '',
      email: '',
      websiteUrl: deps.config.siteUrl,
    }
  }
}

/** What an auth mail says: the link (when there is one) and the 6-digit code. */
export function authMailContent(
  kind: AuthMailKind,
  centre: string,
  otp: string,
  link?: string,
): EmailContent {
  const t = TEXTS[kind]
  return {
    preheader: t.heading,
    heading: t.heading,
    paragraphs: [t.intro(centre), link ? `Or enter this code: ${otp}` : `Your code: ${otp}`],
    button: link ? { label: t.action, url: link } : undefined,
    footer: [t.unexpected, 'The link and the code work once, for one hour.'],
  }
}

/** Sends one auth mail in the centre's layout, as HTML and text. */
export async function sendAuthMail(
  deps: Deps,
  input: { kind: AuthMailKind; to: string; otp: string; link?: string },
): Promise<void> {
  const brand = await authMailBrand(deps)
  const { html, text } = renderEmail(authMailContent(input.kind, brand.name, input.otp, input.link), brand)
  await deps.mailer.send({
    to: input.to,
    subject: TEXTS[input.kind].subject(brand.name),
    text,
    html,
    category: `auth-${input.kind.replace('_', '-')}`,
  })
}
