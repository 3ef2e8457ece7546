import { describe, expect, it } from 'vitest'
import { ChangePasswordSchema, NewPasswordSchema, SignInSchema, TotpCodeSchema } from './auth.ts'
import { roleOf, safeNextPath } from './auth-routing.ts'

describe('safeNextPath', () => {
  it.each([
    ['/tenant/dashboard', '/tenant/dashboard'],
    ['/tenant/dashboard?tab=statements#rental', '/tenant/dashboard?tab=statements#rental'],
    ['/admin/shops/edit/5', '/admin/shops/edit/5'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next, '/fallback')).toBe(expected)
  })

  it.each([
    ['https://evil.example/tenant/dashboard'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['tenant/dashboard'],
    ['/tenant/login'],
    ['/admin/login/'],
    ['/x\u0000y'],
    [''],
    [null],
    [undefined],
  ])('refuses %j', (next) => {
    expect(safeNextPath(next, '/fallback')).toBe('/fallback')
  })
})

describe('auth form schemas', () => {
  it('sign-in needs an address and a password, and keeps the password untrimmed', () => {
    expect(SignInSchema.safeParse({ email: '', password: '' }).success).toBe(false)
    expect(SignInSchema.parse({ email: ' a@b.co ', password: ' pw ' })).toEqual({
      email: 'a@b.co',
      password: ' pw ',
    })
  })

  it('a new password must be typed the same twice and be long enough', () => {
    expect(
      NewPasswordSchema.safeParse({ password: 'short', confirm: 'short' }).error?.issues[0].message,
    ).toBe('Use at least 8 characters')
    const mismatch = NewPasswordSchema.safeParse({ password: 'long enough', confirm: 'long enougH' })
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: 'The two passwords do not match',
      path: ['confirm'],
    })
    expect(
      ChangePasswordSchema.parse({ password: 'long enough', confirm: 'long enough', nonce: ' ' }),
    ).toEqual({
      password: 'long enough',
      confirm: 'long enough',
      nonce: undefined,
    })
  })

  it('a TOTP code is six digits, spaces ignored', () => {
    expect(TotpCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' })
    expect(TotpCodeSchema.safeParse({ code: '12345' }).success).toBe(false)
    expect(TotpCodeSchema.safeParse({ code: 'abcdef' }).success).toBe(false)
  })

  it('reads the role from user_metadata, else app_metadata', () => {
    expect(roleOf({ user_metadata: { role: 'admin' } })).toBe('admin')
    expect(roleOf({ app_metadata: { role: 'tenant' }, user_metadata: {} })).toBe('tenant')
    expect(roleOf(null)).toBeNull()
  })
})
