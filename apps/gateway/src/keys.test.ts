import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { describe, expect, it } from 'vitest'
import { loadOrCreateKeys } from './keys.ts'

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
})
