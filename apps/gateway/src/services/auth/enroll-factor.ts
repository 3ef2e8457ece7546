import type { Handler } from 'hono'
import { generateSecret, generateURI } from 'otplib'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { loadSessionUser, presentsSecondFactor, requireUserClaims } from './caller.ts'
import { ERRORS } from './errors.ts'
import { optionalString } from './request-input.ts'

const EnrollBody = z.object({
  factor_type: z.enum(['totp', 'phone', 'webauthn'], {
    error: 'factor_type must be totp, phone or webauthn',
  }),
  friendly_name: optionalString,
  issuer: optionalString,
})

/**
 * POST /factors: starts a TOTP enrolment. The factor stays `unverified` until a first code is
 * verified; the reply carries the secret, the otpauth URI and the QR code as raw SVG markup.
 * Once the user has a verified factor, only an aal2 session may enrol another (as GoTrue: 403
 * `insufficient_aal`), or the password alone would buy a second factor of the attacker's own.
 */
export function enrollFactor(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    const claims = await requireUserClaims(c, deps)
    if (claims.is_anonymous) throw ERRORS.AnonymousFactorRefused()
    const body = await services.body.read(c, EnrollBody)
    if (body.factor_type === 'phone') throw ERRORS.MfaPhoneDisabled()
    if (body.factor_type === 'webauthn') throw ERRORS.MfaWebauthnDisabled()
    const user = await loadSessionUser(deps.db, claims)
    if (user.has_verified_factor && !(await presentsSecondFactor(deps.db, claims))) {
      throw ERRORS.InsufficientAal(403, 'AAL2 required to enroll a new factor')
    }
    const issuer = body.issuer ?? new URL(deps.config.siteUrl).host
    const friendlyName = body.friendly_name ?? ''
    const secret = generateSecret()
    const uri = generateURI({ issuer, label: user.email ?? user.id, secret })
    // Loaded on the first enrolment: most runs of the gateway never draw a QR code (decision 042).
    const { default: QRCode } = await import('qrcode')
    const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })

    const id = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ total: number; same_name: boolean }>(
        `select count(*)::int as total, coalesce(bool_or(friendly_name = $2 and trim($2) <> ''), false) as same_name
         from auth.mfa_factors where user_id = $1`,
        [user.id, friendlyName],
      )
      if (rows[0].same_name) throw ERRORS.MfaFactorNameConflict(friendlyName)
      if (rows[0].total >= deps.config.AUTH_MFA_MAX_FACTORS) throw ERRORS.TooManyFactors()
      const inserted = await tx.query<{ id: string }>(
        `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
         values ($1, $2, 'totp', 'unverified', $3) returning id`,
        [user.id, friendlyName, secret],
      )
      const factorId = inserted.rows[0].id
      await writeAudit(tx, {
        action: 'factor_enrolled',
        actorId: user.id,
        actorUsername: user.email,
        logType: 'factor',
        ip: requestIp(c, services),
        traits: { factor_id: factorId, factor_type: 'totp' },
      })
      return factorId
    })
    return c.json({ id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } })
  }
}
