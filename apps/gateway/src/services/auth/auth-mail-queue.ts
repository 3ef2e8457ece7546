import type { Deps } from '../../deps.ts'
import { type AuthMailKind, sendAuthMail, verifyLink } from './auth-mail.ts'

export interface PendingMail {
  kind: AuthMailKind
  to: string
  otp: string
  /** The link's token and type; no link for a reauthentication nonce. */
  link?: { tokenHash: string; type: string; redirectTo: string }
}

/**
 * Sends auth mails after the answer has been decided and without waiting for them: the reply to
 * sign-up, recovery, resend and otp must take as long for an unknown address (no mail) as for
 * a known one (a mail through a possibly slow SMTP server). Failures are logged; the outbox keeps
 * the message. The work is tracked in `deps.background`, so shutdown waits for it.
 */
export function sendInBackground(deps: Deps, mails: PendingMail[]): Promise<void> {
  const work = (async () => {
    for (const mail of mails) {
      try {
        await sendAuthMail(deps, {
          kind: mail.kind,
          to: mail.to,
          otp: mail.otp,
          link: mail.link
            ? verifyLink(deps.config, mail.link.tokenHash, mail.link.type, mail.link.redirectTo)
            : undefined,
        })
      } catch (error) {
        deps.logger.warn({ err: error, kind: mail.kind }, 'auth mail not delivered')
      }
    }
  })()
  return deps.background.track(work)
}

/**
 * Decides and sends auth mails after the reply (recovery, magic link, resend): the lookup of the
 * address, the token and the audit row all happen in the background, so the reply takes as long
 * for an unknown address as for a known one and says nothing about which it is. A failure is
 * logged; the client's answer was already `{}` either way.
 */
export function prepareAndSendInBackground(
  deps: Deps,
  what: string,
  prepare: () => Promise<PendingMail[]>,
): Promise<void> {
  const work = (async () => {
    let mails: PendingMail[]
    try {
      mails = await prepare()
    } catch (error) {
      deps.logger.error({ err: error, what }, 'auth mail not prepared')
      return
    }
    await sendInBackground(deps, mails)
  })()
  return deps.background.track(work)
}
