import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigError } from './config.ts'
import { keysFromSecret, loadOrCreateKeys, signProjectKey } from './keys.ts'

describe('signing keys and project keys', () => {
  it('generates them once into the data folder and reuses them after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'))
    const first = await loadOrCreateKeys(dir, {})
    const second = await loadOrCreateKeys(dir, {})
    expect(second).toEqual(first)
    expect(statSync(join(dir, 'keys.json')).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(join(dir, 'keys.json'), 'utf8')).jwtSecret).toBe(first.jwtSecret)
  })

  it('makes the anon and service keys HS256 JWTs with the Supabase claims', async () => {
    const keys = await loadOrCreateKeys(mkdtempSync(join(tmpdir(), 'keys-')), {})
    expect(decodeProtectedHeader(keys.anonKey)).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(decodeJwt(keys.anonKey)).toMatchObject({ iss: 'supabase', role: 'anon' })
    expect(decodeJwt(keys.serviceRoleKey)).toMatchObject({ iss: 'supabase', role: 'service_role' })
    expect(keys.anonKey.split('.')[1]).not.toContain('=')
  })

  it('takes the secret from the environment and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'))
    const secret = 'a-production-secret-that-is-long-enough-000'
    const keys = await loadOrCreateKeys(dir, { JWT_SECRET: secret })
    expect(keys.jwtSecret).toBe(secret)
    expect(() => statSync(join(dir, 'keys.json'))).toThrow()
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('derives the same project keys from one secret on every gateway and after every restart', async () => {
    const secret = 'a-production-secret-that-is-long-enough-000'
    const dir = mkdtempSync(join(tmpdir(), 'keys-'))
    const first = await loadOrCreateKeys(dir, { JWT_SECRET: secret })
    vi.useFakeTimers({ now: Date.now() + 3 * 24 * 3600 * 1000 })
    const later = await loadOrCreateKeys(mkdtempSync(join(tmpdir(), 'keys-')), { JWT_SECRET: secret })
    expect(later).toEqual(first)
    expect(decodeJwt(first.anonKey).exp).toBe(Date.UTC(2100, 0, 1) / 1000)
  })

  it('checks a given ANON_KEY and SERVICE_ROLE_KEY against the secret and their role', async () => {
    const secret = 'a-production-secret-that-is-long-enough-000'
    const other = 'another-secret-that-is-long-enough-0000000'
    const dir = mkdtempSync(join(tmpdir(), 'keys-'))
    const good = await keysFromSecret(secret)
    await expect(
      loadOrCreateKeys(dir, {
        JWT_SECRET: secret,
        ANON_KEY: good.anonKey,
        SERVICE_ROLE_KEY: good.serviceRoleKey,
      }),
    ).resolves.toMatchObject({ anonKey: good.anonKey, serviceRoleKey: good.serviceRoleKey })
    const cases: [Record<string, string>, RegExp][] = [
      [
        { ANON_KEY: await signProjectKey(other, 'anon') },
        /^Invalid environment variable ANON_KEY: not a JWT signed with JWT_SECRET/,
      ],
      [{ ANON_KEY: 'not-a-jwt' }, /^Invalid environment variable ANON_KEY: not a JWT signed/],
      [
        { ANON_KEY: good.serviceRoleKey },
        /^Invalid environment variable ANON_KEY: its role is "service_role", not "anon"$/,
      ],
      [
        { SERVICE_ROLE_KEY: good.anonKey },
        /^Invalid environment variable SERVICE_ROLE_KEY: its role is "anon", not "service_role"$/,
      ],
      [
        { JWT_SECRET_PREVIOUS: secret },
        /^Invalid environment variable JWT_SECRET_PREVIOUS: the same as JWT_SECRET/,
      ],
    ]
    for (const [env, message] of cases) {
      const loading = loadOrCreateKeys(dir, { JWT_SECRET: secret, ...env })
      await expect(loading).rejects.toThrow(ConfigError)
      await expect(loadOrCreateKeys(dir, { JWT_SECRET: secret, ...env })).rejects.toThrow(message)
    }
    // Without JWT_SECRET, against the secret generated into keys.json.
    const generated = await loadOrCreateKeys(dir, {})
    await expect(loadOrCreateKeys(dir, { ANON_KEY: good.anonKey })).rejects.toThrow(
      /ANON_KEY: not a JWT signed with the secret in keys.json/,
    )
    await expect(loadOrCreateKeys(dir, { ANON_KEY: generated.anonKey })).resolves.toMatchObject({
      anonKey: generated.anonKey,
    })
  })

  it('carries JWT_SECRET_PREVIOUS for verification only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'))
    const keys = await loadOrCreateKeys(dir, {
      JWT_SECRET: 'the-new-secret-that-is-long-enough-0000000',
      JWT_SECRET_PREVIOUS: 'the-old-secret-that-is-long-enough-0000000',
    })
    expect(keys.previousJwtSecret).toBe('the-old-secret-that-is-long-enough-0000000')
    expect(keys).toEqual(await keysFromSecret(keys.jwtSecret, keys.previousJwtSecret))
    expect((await loadOrCreateKeys(dir, { JWT_SECRET: keys.jwtSecret })).previousJwtSecret).toBeUndefined()
  })
})
