import { z } from 'zod'
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from './email.ts'

/**
 * The sign-in, recovery and two-factor forms of the tenant portal and the back office. The
 * gateway has the last word (its own password policy, rate limits, code checks); these schemas
 * catch what can be caught before a request and give the same wording either way.
 */

export const ENTER_EMAIL_AND_PASSWORD = 'Enter your e-mail address and password'
export const ENTER_SIX_DIGIT_CODE = 'Enter the 6-digit code from your authenticator app'
export const PASSWORDS_DO_NOT_MATCH = 'The two passwords do not match'
/** The gateway's default AUTH_PASSWORD_MIN_LENGTH; a stricter server setting still has the last word. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters`

const email = z
  .string({ error: ENTER_EMAIL_AND_PASSWORD })
  .trim()
  .min(1, ENTER_EMAIL_AND_PASSWORD)
  .max(254, INVALID_EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)

export const SignInSchema = z.object({
  email,
  // Never trimmed: a password is exactly what was typed.
  password: z.string({ error: ENTER_EMAIL_AND_PASSWORD }).min(1, ENTER_EMAIL_AND_PASSWORD).max(72),
})
export type SignInInput = z.input<typeof SignInSchema>

export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .min(1, INVALID_EMAIL_MESSAGE)
    .max(254, INVALID_EMAIL_MESSAGE)
    .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
})
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>

const newPassword = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(72, 'Use at most 72 characters')

/** A new password typed twice (recovery screen and account settings). */
export const NewPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirm'] })
export type NewPasswordInput = z.input<typeof NewPasswordSchema>

/** Account settings: a new password, and the e-mailed nonce when the server asks for one. */
export const ChangePasswordSchema = z
  .object({
    password: newPassword,
    confirm: z.string(),
    nonce: z
      .string()
      .trim()
      .max(20)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirm'] })
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>

/** A TOTP code: six digits; spaces people type from their app are ignored. */
export const TotpCodeSchema = z.object({
  code: z
    .string({ error: ENTER_SIX_DIGIT_CODE })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, ENTER_SIX_DIGIT_CODE)),
})
export type TotpCodeInput = z.input<typeof TotpCodeSchema>
