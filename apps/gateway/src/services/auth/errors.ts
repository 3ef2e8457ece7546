import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { DATABASE_RETRY_AFTER_SECONDS, ServiceError } from '../../http/service-error.ts'

/** The API version whose error shape we speak (docs/protocol/auth.md §2.2). */
export const API_VERSION = '2024-01-01'

/**
 * An auth error in GoTrue's wire format: `{code, error_code, message}` plus any extra fields
 * (`weak_password`), with `X-Supabase-Api-Version` and `x-sb-error-code`. `code` is one of
 * GoTrue's error codes, so the client maps it to the same error classes it would for Supabase.
 */
export class AuthError extends ServiceError {
  readonly extra: Record<string, unknown>
  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(status, code, message, headers)
    this.extra = extra
  }

  override body() {
    return { code: this.code, error_code: this.code, message: this.message, ...this.extra }
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

/** The catalogue: every error the auth service answers with, in one place. */
export const ERRORS = {
  BadJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  BodyTooDeep: (maxDepth: number) =>
    new AuthError(400, 'bad_json', `Request body is nested deeper than ${maxDepth} levels`),
  RequestTooLarge: (limitBytes: number) =>
    new AuthError(413, 'request_too_large', `Request body is larger than ${limitBytes} bytes`),
  ValidationFailed: (message: string, status: ContentfulStatusCode = 400) =>
    new AuthError(status, 'validation_failed', message),
  InvalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  UnsupportedGrantType: () => new AuthError(400, 'invalid_credentials', 'unsupported_grant_type'),
  EmailNotConfirmed: (status: ContentfulStatusCode = 400) =>
    new AuthError(status, 'email_not_confirmed', 'Email not confirmed'),
  UserBanned: (status: ContentfulStatusCode = 400) => new AuthError(status, 'user_banned', 'User is banned'),
  SignupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  UserAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  EmailExists: () =>
    new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  WeakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
  PasswordTooLong: () =>
    new AuthError(422, 'validation_failed', 'Password cannot be longer than 72 characters'),
  SamePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  AnonymousProviderDisabled: () =>
    new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  PhoneProviderDisabled: () => new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled'),
  OtpDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  OtpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  FlowStateNotFound: () =>
    new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  ProviderDisabled: (issuer: string) =>
    new AuthError(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`),
  Web3ProviderDisabled: () => new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled'),
  UnsupportedProvider: () =>
    new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled'),
  SamlProviderDisabled: () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  ManualLinkingDisabled: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  RefreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  RefreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  RefreshTokenRequired: () => new OAuthError(400, 'invalid_request', 'refresh_token required'),
  SessionNotFound: (status: ContentfulStatusCode) =>
    new AuthError(status, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  NoAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  BadJwt: (reason: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  AnonymousFactorRefused: () =>
    new AuthError(403, 'no_authorization', 'Anonymous users cannot enroll or verify MFA factors'),
  NotAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  UserNotFound: (status: ContentfulStatusCode = 404) =>
    new AuthError(status, 'user_not_found', 'User not found'),
  InsufficientAal: (status: ContentfulStatusCode, message: string) =>
    new AuthError(status, 'insufficient_aal', message),
  MfaFactorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  MfaChallengeExpired: (id: string) =>
    new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  MfaChallengeNotFound: () =>
    new AuthError(422, 'mfa_challenge_expired', 'Challenge not found or already verified'),
  MfaVerificationFailed: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  MfaFactorNameConflict: (name: string) =>
    new AuthError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${name}" for this user already exists`,
    ),
  TooManyFactors: () =>
    new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    ),
  MfaPhoneDisabled: () =>
    new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'),
  MfaWebauthnDisabled: () =>
    new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
  ReauthenticationNeeded: () =>
    new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  ReauthenticationNotValid: () =>
    new AuthError(
      422,
      'reauthentication_not_valid',
      'Requested reauthentication nonce is invalid or expired',
    ),
  OverRequestRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_request_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      {},
      { 'Retry-After': String(seconds) },
    ),
  OverEmailSendRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      {},
      { 'Retry-After': String(seconds) },
    ),
  NotFound: () => new AuthError(404, 'not_found', 'Not Found'),
  Unexpected: () => new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
  DatabaseUnavailable: () =>
    new AuthError(
      503,
      'unexpected_failure',
      'The database is unavailable, retry shortly',
      {},
      { 'Retry-After': DATABASE_RETRY_AFTER_SECONDS },
    ),
} as const
