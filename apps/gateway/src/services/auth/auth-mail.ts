import type { Config } from '../../config.ts'
import type { Mailer } from '../../mail/mailer.ts'

export type AuthMailKind =
  | 'signup'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email_change'
  | 'reauthentication'

const TEXTS: Record<AuthMailKind, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirm your sign-up',
    intro: 'Thank you for signing up to Genesis Centre. Confirm your e-mail address to finish.',
    action: 'Confirm my e-mail address',
  },
  magiclink: {
    subject: 'Your sign-in link',
    intro: 'Use this link or code to sign in to Genesis Centre.',
    action: 'Sign in',
  },
  recovery: {
    subject: 'Reset your password',
    intro:
      'Someone asked to reset the password of your Genesis Centre account. If it was not you, ignore this e-mail.',
    action: 'Choose a new password',
  },
  invite: {
    subject: 'You have been invited',
    intro:
      'You have been invited to the Genesis Centre portal. Accept the invitation to set up your account.',
    action: 'Accept the invitation',
  },
  email_change: {
    subject: 'Confirm your new e-mail address',
    intro: 'Confirm the change of the e-mail address of your Genesis Centre account.',
    action: 'Confirm the change',
  },
  reauthentication: {
    subject: 'Confirm it is you',
    intro: 'Enter this code to confirm the change to your Genesis Centre account.',
    action: '',
  },
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

/** The `/verify` link of an e-mail (supabase-protocol.md §2.7). */
export function verifyLink(config: Config, tokenHash: string, type: string, redirectTo: string): string {
  const query = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo })
  return `${config.siteUrl}/auth/v1/verify?${query.toString()}`
}

/** Sends one auth e-mail with a link (when given) and the code, as text and escaped HTML. */
export async function sendAuthMail(
  mailer: Mailer,
  input: { kind: AuthMailKind; to: string; otp: string; link?: string },
): Promise<void> {
  const t = TEXTS[input.kind]
  const lines = [t.intro, '']
  if (input.link) lines.push(`${t.action}: ${input.link}`, '')
  lines.push(`Or enter this code: ${input.otp}`, '', 'Genesis Centre')
  const html = [
    `<p>${escapeHtml(t.intro)}</p>`,
    input.link ? `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.action)}</a></p>` : '',
    `<p>Or enter this code: <strong>${escapeHtml(input.otp)}</strong></p>`,
    '<p>Genesis Centre</p>',
  ].join('\n')
  await mailer.send({
    to: input.to,
    subject: t.subject,
    text: lines.join('\n'),
    html,
    category: `auth-${input.kind.replace('_', '-')}`,
  })
}
