import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SignJWT } from 'jose'

/** The gateway's signing secret and the two project keys (docs/protocol/README.md §1.2). */
export interface Keys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
}

const TEN_YEARS = 10 * 365 * 24 * 3600

export async function signProjectKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({ iss: 'supabase', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + TEN_YEARS)
    .sign(new TextEncoder().encode(secret))
}

/** Keys for tests and tools: derived from a given secret, nothing written. */
export async function keysFromSecret(jwtSecret: string): Promise<Keys> {
  return {
    jwtSecret,
    anonKey: await signProjectKey(jwtSecret, 'anon'),
    serviceRoleKey: await signProjectKey(jwtSecret, 'service_role'),
  }
}

/**
 * Uses the keys from the environment when given; otherwise generates them once into
 * `<dataDir>/keys.json` (mode 0600) so that sessions and stored signed URLs survive restarts.
 */
export async function loadOrCreateKeys(
  dataDir: string,
  env: { JWT_SECRET?: string; ANON_KEY?: string; SERVICE_ROLE_KEY?: string },
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
  return {
    jwtSecret,
    anonKey: env.ANON_KEY ?? (env.JWT_SECRET ? await signProjectKey(jwtSecret, 'anon') : stored.anonKey!),
    serviceRoleKey:
      env.SERVICE_ROLE_KEY ??
      (env.JWT_SECRET ? await signProjectKey(jwtSecret, 'service_role') : stored.serviceRoleKey!),
  }
}
