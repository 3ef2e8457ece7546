import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { AuthError } from './errors.ts'
import { assertAcceptablePassword, hashPassword, passwordProblem, verifyPassword } from './passwords.ts'

const config = loadConfig({ LOG_LEVEL: 'silent' })

describe('password policy', () => {
  it('accepts long passphrases without composition rules', () => {
    expect(passwordProblem(config, 'correct horse battery staple')).toBeUndefined()
    expect(passwordProblem(config, 'aaaaaaaaaaaa')).toBeUndefined()
  })

  it('names every reason in GoTrue shape', () => {
    expect(passwordProblem(config, 'qwerty')).toEqual({
      reasons: ['length', 'pwned'],
      message:
        'Password should be at least 8 characters. Password is known to be weak and easy to guess, please choose a different one.',
    })
    expect(passwordProblem(config, 'sunshine1')?.reasons).toEqual(['pwned'])
    expect(passwordProblem(config, 'SunShine1')?.reasons).toEqual(['pwned'])
  })

  it('follows the configured minimum and can skip the list', () => {
    const lenient = loadConfig({ AUTH_PASSWORD_MIN_LENGTH: '12', AUTH_PASSWORD_CHECK_COMMON: 'false' })
    expect(passwordProblem(lenient, 'password12')).toEqual({
      reasons: ['length'],
      message: 'Password should be at least 12 characters.',
    })
    expect(passwordProblem(lenient, 'password1234')).toBeUndefined()
  })

  it('counts characters, not bytes, for the minimum, and bytes for the bcrypt maximum', () => {
    expect(passwordProblem(config, 'ééééééé')?.reasons).toEqual(['length'])
    expect(() => assertAcceptablePassword(config, 'é'.repeat(36))).not.toThrow()
    expect(() => assertAcceptablePassword(config, 'é'.repeat(37))).toThrow(AuthError)
  })
})

describe('password hashes', () => {
  it('verifies its own bcrypt hashes and the pgcrypto $2a$ form', async () => {
    const hash = await hashPassword('a long enough passphrase')
    expect(hash).toMatch(/^\$2[ab]\$10\$/)
    expect(await verifyPassword('a long enough passphrase', hash)).toBe(true)
    expect(await verifyPassword('a long enough passphrasE', hash)).toBe(false)
    // crypt('Admin-demo-2024!', gen_salt('bf', 10)) as pgcrypto writes it
    const pgcrypto = hash.replace(/^\$2b\$/, '$2a$')
    expect(await verifyPassword('a long enough passphrase', pgcrypto)).toBe(true)
  })

  it('answers false, after the same work, when there is no usable hash', async () => {
    expect(await verifyPassword('anything', null)).toBe(false)
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false)
    expect(await verifyPassword('anything', '')).toBe(false)
  })
})
