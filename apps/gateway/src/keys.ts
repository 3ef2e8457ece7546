import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { jwtVerify, SignJWT } from 'jose'
import { ConfigError } from './config.ts'

/** The gateway's signing secret and the two project keys (docs/protocol/README.md §1.2). */
export interface Keys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  /**
   * JWT_SECRET_PREVIOUS, during a rotation: tokens, project keys and signed URLs it signed are still
   * accepted; nothing new is signed with it.
   */
  previousJwtSecret?: string
}

// A project key is derived from the secret alone (fixed times, as Supabase's published keys have):
// every gateway given one JWT_SECRET, and every restart, hands out the very same anon key, which the
// `apikey` check compares byte for byte. It expires in 2100, so no site stops on a date.
const PROJECT_KEY_ISSUED_AT = 1_767_225_600 // 2026-01-01T00:00:00Z
const PROJECT_KEY_EXPIRES_AT = 4_102_444_800 // 2100-01-01T00:00:00Z

export async function signProjectKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(PROJECT_KEY_ISSUED_AT)
    .setExpirationTime(PROJECT_KEY_EXPIRES_AT)
    .sign(new TextEncoder().encode(secret))
}

/** Keys for tests and tools: derived from a given secret, nothing written. */
export async function keysFromSecret(jwtSecret: string, previousJwtSecret?: string): Promise<Keys> {
  return {
    jwtSecret,
    anonKey: await signProjectKey(jwtSecret, 'anon'),
    serviceRoleKey: await signProjectKey(jwtSecret, 'service_role'),
    ...(previousJwtSecret ? { previousJwtSecret } : {}),
  }
}

/**
 * A project key given in the environment must be one the gateway accepts: signed with its secret
 * (HS256), for the right role, not expired. Otherwise every request would be refused; this stops
 * start-up with one line instead.
 */
async function checkProjectKey(
  name: 'ANON_KEY' | 'SERVICE_ROLE_KEY',
  key: string,
  role: 'anon' | 'service_role',
  secret: string,
  secretName: string,
): Promise<void> {
  let claims: Record<string, unknown>
  try {
    claims = (await jwtVerify(key, new TextEncoder().encode(secret), { algorithms: ['HS256'] })).payload
  } catch {
    throw new ConfigError(
      `Invalid environment variable ${name}: not a JWT signed with ${secretName}, or expired (leave it unset to derive it from the secret)`,
    )
  }
  if (claims.role !== role) {
    throw new ConfigError(
      `Invalid environment variable ${name}: its role is ${JSON.stringify(claims.role ?? null)}, not "${role}"`,
    )
  }
}

/**
 * Uses the keys from the environment when given; otherwise generates them once into
 * `<dataDir>/keys.json` (mode 0600) so that sessions and stored signed URLs survive restarts.
 * A given ANON_KEY or SERVICE_ROLE_KEY is checked against the secret (ConfigError).
 */
export async function loadOrCreateKeys(
  dataDir: string,
  env: { JWT_SECRET?: string; JWT_SECRET_PREVIOUS?: string; ANON_KEY?: string; SERVICE_ROLE_KEY?: string },
): Promise<Keys> {
  const file = join(dataDir, 'keys.json')
  let stored: Partial<Keys> = {}
  if (!env.JWT_SECRET) {
    if (existsSync(file)) {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Keys>
    }
    if (!stored.jwtSecret) {
      const generated = await keysFromSecret(randomBytes(48).toString('base64url'))
      mkdirSync(dataDir, { recursive: true })
      writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 })
      stored = generated
    }
  }
  const jwtSecret = env.JWT_SECRET ?? stored.jwtSecret!
  const secretName = env.JWT_SECRET ? 'JWT_SECRET' : 'the secret in keys.json'
  if (env.ANON_KEY) await checkProjectKey('ANON_KEY', env.ANON_KEY, 'anon', jwtSecret, secretName)
  if (env.SERVICE_ROLE_KEY) {
    await checkProjectKey('SERVICE_ROLE_KEY', env.SERVICE_ROLE_KEY, 'service_role', jwtSecret, secretName)
  }
  if (env.JWT_SECRET_PREVIOUS === jwtSecret) {
    throw new ConfigError(
      `Invalid environment variable JWT_SECRET_PREVIOUS: the same as ${secretName} (set it to the secret being replaced)`,
    )
  }
  return {
    jwtSecret,
    anonKey: env.ANON_KEY ?? (env.JWT_SECRET ? await signProjectKey(jwtSecret, 'anon') : stored.anonKey!),
    serviceRoleKey:
      env.SERVICE_ROLE_KEY ??
      (env.JWT_SECRET ? await signProjectKey(jwtSecret, 'service_role') : stored.serviceRoleKey!),
    ...(env.JWT_SECRET_PREVIOUS ? { previousJwtSecret: env.JWT_SECRET_PREVIOUS } : {}),
  }
}
