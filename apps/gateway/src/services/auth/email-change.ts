import type { Queryable } from '../../database/types.ts'
import type { PendingMail } from './auth-mail-queue.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'

/** Both confirmations of an e-mail change: one to the new address, one to the current one. */
export async function issueEmailChangeMails(
  tx: Queryable,
  userId: string,
  current: string | null,
  next: string,
  redirectTo: string,
): Promise<PendingMail[]> {
  const mails: PendingMail[] = []
  const toNew = await issueOneTimeToken(tx, userId, 'email_change_token_new', next)
  mails.push({
    kind: 'email_change',
    to: next,
    otp: toNew.otp,
    link: { tokenHash: toNew.tokenHash, type: 'email_change', redirectTo },
  })
  if (current) {
    const toCurrent = await issueOneTimeToken(tx, userId, 'email_change_token_current', current)
    mails.push({
      kind: 'email_change',
      to: current,
      otp: toCurrent.otp,
      link: { tokenHash: toCurrent.tokenHash, type: 'email_change', redirectTo },
    })
  }
  await tx.query(`update auth.users set email_change_sent_at = now() where id = $1`, [userId])
  return mails
}
