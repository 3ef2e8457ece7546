import { isAuthError } from '@supabase/supabase-js'

export interface AuthProblem {
  /** The server's own message, shown as it is. */
  message: string
  /** What the person can do about it, when there is something. */
  hint?: string
  code?: string
}

const HINTS: Record<string, string> = {
  email_not_confirmed:
    'Open the confirmation link we e-mailed you, or ask the centre management to send a new one.',
  user_banned: 'Your portal access is suspended. Please contact the centre management on 011 274 5300.',
  over_request_rate_limit: 'Wait a moment before trying again.',
  over_email_send_rate_limit: 'Wait a moment before asking for another e-mail.',
  mfa_verification_failed: 'Check the time on your phone is correct and use the newest code.',
  reauthentication_not_valid: 'Ask for a new code and use the newest one.',
  same_password: 'Choose a password you have not used for this account.',
}

/**
 * Turns whatever a supabase-js auth call failed with into a message for the person: the
 * server's words (wrong credentials, too many attempts with the wait, unconfirmed address,
 * suspended account, a weak password with its reasons), or a plain line when the server could
 * not be reached at all.
 */
export function describeAuthError(error: unknown): AuthProblem {
  if (isAuthError(error)) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
    if (error.name === 'AuthRetryableFetchError' || error.status === 0) {
      return {
        message: 'We could not reach the server.',
        hint: 'Check your internet connection and try again.',
        code,
      }
    }
    const reasons =
      'reasons' in error && Array.isArray(error.reasons) && error.reasons.length > 0
        ? ` (${(error.reasons as string[]).join(', ')})`
        : ''
    return { message: `${error.message}${reasons}`, hint: code ? HINTS[code] : undefined, code }
  }
  if (error instanceof TypeError) {
    return {
      message: 'We could not reach the server.',
      hint: 'Check your internet connection and try again.',
    }
  }
  return { message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' }
}
