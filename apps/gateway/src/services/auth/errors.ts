import type { ContentfulStatusCode as Status } from 'hono/utils/http-status'
import { firstIssue, type JsonBodyErrors } from '../../http/json-body.ts'
import { retryAfter, ServiceError } from '../../http/service-error.ts'

/** The API version whose error shape we speak (docs/protocol/auth.md §2.2). */
export const API_VERSION = '2024-01-01'

/**
 * GoTrue's error: `{code, error_code, message}` plus any extra fields (`weak_password`), with
 * `X-Supabase-Api-Version` and `x-sb-error-code`, so the client maps it to the same error classes
 * it would for Supabase.
 */
export class AuthError extends ServiceError {
  override body() {
    return { code: this.code, error_code: this.code, message: this.message, ...this.fields }
  }

  override headers() {
    return { 'X-Supabase-Api-Version': API_VERSION, 'x-sb-error-code': this.code, ...this.extraHeaders }
  }
}

/** OAuth-style errors (`{error, error_description}`) that GoTrue uses for some grants. */
export class OAuthError extends ServiceError {
  override body() {
    return { error: this.code, error_description: this.message }
  }

  override headers() {
    return { 'X-Supabase-Api-Version': API_VERSION }
  }
}

const e = (...args: ConstructorParameters<typeof AuthError>) => new AuthError(...args)
const wait = (seconds: number) => `For security purposes, you can only request this after ${seconds} seconds.`

/** The catalogue: every error the auth service answers with (GoTrue's codes and wording). */
// biome-ignore format: one line per error
export const ERRORS = {
  BadJson: () => e(400, 'bad_json', 'Could not parse request body as JSON'),
  BodyTooDeep: (maxDepth: number) => e(400, 'bad_json', `Request body is nested deeper than ${maxDepth} levels`),
  RequestTooLarge: (limitBytes: number) => e(413, 'request_too_large', `Request body is larger than ${limitBytes} bytes`),
  ValidationFailed: (message: string, status: Status = 400) => e(status, 'validation_failed', message),
  InvalidCredentials: () => e(400, 'invalid_credentials', 'Invalid login credentials'),
  UnsupportedGrantType: () => e(400, 'invalid_credentials', 'unsupported_grant_type'),
  EmailNotConfirmed: (status: Status = 400) => e(status, 'email_not_confirmed', 'Email not confirmed'),
  UserBanned: (status: Status = 400) => e(status, 'user_banned', 'User is banned'),
  SignupDisabled: () => e(422, 'signup_disabled', 'Signups not allowed for this instance'),
  UserAlreadyExists: () => e(422, 'user_already_exists', 'User already registered'),
  EmailExists: () => e(422, 'email_exists', 'A user with this email address has already been registered'),
  WeakPassword: (message: string, reasons: string[]) => e(422, 'weak_password', message, { weak_password: { reasons } }),
  PasswordTooLong: () => e(422, 'validation_failed', 'Password cannot be longer than 72 characters'),
  SamePassword: () => e(422, 'same_password', 'New password should be different from the old password.'),
  AnonymousProviderDisabled: () => e(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  PhoneProviderDisabled: () => e(400, 'phone_provider_disabled', 'Phone logins are disabled'),
  OtpDisabled: () => e(422, 'otp_disabled', 'Signups not allowed for otp'),
  OtpExpired: () => e(403, 'otp_expired', 'Token has expired or is invalid'),
  FlowStateNotFound: () => e(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  ProviderDisabled: (issuer: string) => e(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`),
  Web3ProviderDisabled: () => e(422, 'web3_provider_disabled', 'Web3 provider is disabled'),
  UnsupportedProvider: () => e(400, 'validation_failed', 'Unsupported provider: provider is not enabled'),
  SamlProviderDisabled: () => e(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  ManualLinkingDisabled: () => e(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  RefreshTokenNotFound: () => e(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  RefreshTokenAlreadyUsed: () => e(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  RefreshTokenRequired: () => new OAuthError(400, 'invalid_request', 'refresh_token required'),
  SessionNotFound: (status: Status) => e(status, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  NoAuthorization: () => e(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  BadJwt: (reason: string) => e(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  AnonymousFactorRefused: () => e(403, 'no_authorization', 'Anonymous users cannot enroll or verify MFA factors'),
  NotAdmin: () => e(403, 'not_admin', 'User not allowed'),
  UserNotFound: (status: Status = 404) => e(status, 'user_not_found', 'User not found'),
  InsufficientAal: (status: Status, message: string) => e(status, 'insufficient_aal', message),
  MfaFactorNotFound: () => e(404, 'mfa_factor_not_found', 'Factor not found'),
  MfaChallengeExpired: (id: string) => e(422, 'mfa_challenge_expired', `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`),
  MfaChallengeNotFound: () => e(422, 'mfa_challenge_expired', 'Challenge not found or already verified'),
  MfaVerificationFailed: () => e(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  MfaFactorNameConflict: (name: string) => e(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`),
  TooManyFactors: () => e(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue'),
  MfaPhoneDisabled: () => e(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'),
  MfaWebauthnDisabled: () => e(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
  ReauthenticationNeeded: () => e(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  ReauthenticationNotValid: () => e(422, 'reauthentication_not_valid', 'Requested reauthentication nonce is invalid or expired'),
  OverRequestRateLimit: (seconds: number) => e(429, 'over_request_rate_limit', wait(seconds), {}, retryAfter(seconds)),
  OverEmailSendRateLimit: (seconds: number) => e(429, 'over_email_send_rate_limit', wait(seconds), {}, retryAfter(seconds)),
  NotFound: () => e(404, 'not_found', 'Not Found'),
  Unexpected: () => e(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
  DatabaseUnavailable: () => e(503, 'unexpected_failure', 'The database is unavailable, retry shortly', {}, retryAfter()),
} as const

/** How a JSON body is refused, in GoTrue's words (http/json-body.ts). */
export const JSON_BODY_ERRORS: JsonBodyErrors = {
  tooLarge: ERRORS.RequestTooLarge,
  malformed: () => ERRORS.BadJson(),
  tooDeep: ERRORS.BodyTooDeep,
  invalid: (issues) => ERRORS.ValidationFailed(firstIssue(issues)),
}
