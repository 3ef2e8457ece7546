import { SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keysFromSecret } from '../keys.ts'
import { resolveCaller } from './resolve-caller.ts'

const SECRET = 'unit-test-secret-of-the-gateway-0123456789'
const sign = (claims: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret))
const now = () => Math.floor(Date.now() / 1000)

describe('resolveCaller', async () => {
  const keys = await keysFromSecret(SECRET)
  afterEach(() => {
    vi.useRealTimers()
  })

  it('still refuses a remembered token once it has expired', async () => {
    const token = await sign({ sub: 'u2', role: 'authenticated', aud: 'authenticated', exp: now() + 5 })
    const headers = { apikey: keys.anonKey, authorization: `Bearer ${token}` }
    expect(await resolveCaller(headers, keys)).toMatchObject({ ok: true })
    expect(await resolveCaller(headers, keys)).toMatchObject({ ok: true })
    vi.useFakeTimers({ now: Date.now() + 60_000 })
    expect(await resolveCaller(headers, keys)).toEqual({
      ok: false,
      problem: expect.objectContaining({ kind: 'invalid_jwt', message: 'JWT expired' }),
    })
  })

  it('does not accept a remembered token under other keys', async () => {
    const token = await sign({ sub: 'u3', role: 'authenticated', aud: 'authenticated', exp: now() + 60 })
    expect(
      await resolveCaller({ apikey: keys.anonKey, authorization: `Bearer ${token}` }, keys),
    ).toMatchObject({ ok: true })
    const other = await keysFromSecret('another-secret-of-the-gateway-0123456789')
    expect(
      await resolveCaller({ apikey: other.anonKey, authorization: `Bearer ${token}` }, other),
    ).toMatchObject({
      ok: false,
      problem: { kind: 'invalid_jwt' },
    })
  })

  it('makes the anon key anon and the service key service_role, as apikey or bearer', async () => {
    expect(await resolveCaller({ apikey: keys.anonKey }, keys)).toMatchObject({
      ok: true,
      caller: { role: 'anon' },
    })
    expect(
      await resolveCaller({ apikey: keys.anonKey, authorization: `Bearer ${keys.serviceRoleKey}` }, keys),
    ).toMatchObject({ ok: true, caller: { role: 'service_role' } })
  })

  it('takes role and claims from a valid user token', async () => {
    const token = await sign({ sub: 'u1', role: 'authenticated', aud: 'authenticated', exp: now() + 60 })
    const result = await resolveCaller({ apikey: keys.anonKey, authorization: `Bearer ${token}` }, keys)
    expect(result).toMatchObject({
      ok: true,
      caller: { role: 'authenticated', claims: { sub: 'u1' } },
      token,
    })
  })

  it('refuses missing and unknown apikeys', async () => {
    expect(await resolveCaller({}, keys)).toMatchObject({ ok: false, problem: { kind: 'missing_apikey' } })
    expect(await resolveCaller({ apikey: 'x' }, keys)).toMatchObject({
      ok: false,
      problem: { kind: 'invalid_apikey' },
    })
  })

  it('never downgrades a bad bearer to anon', async () => {
    const cases: [string, string][] = [
      [
        await sign({ role: 'authenticated', aud: 'authenticated', sub: 'u', exp: now() - 100 }),
        'JWT expired',
      ],
      [await sign({ role: 'authenticated', aud: 'x', sub: 'u', exp: now() + 60 }), 'JWT not in audience'],
      [
        await sign({
          role: 'authenticated',
          aud: 'authenticated',
          sub: 'u',
          exp: now() + 60,
          iat: now() + 600,
        }),
        'JWT issued at future',
      ],
      [
        await sign({
          role: 'authenticated',
          aud: 'authenticated',
          sub: 'u',
          exp: now() + 60,
          nbf: now() + 600,
        }),
        'JWT not yet valid',
      ],
      [await sign({ role: 'superuser', exp: now() + 60 }), 'JWT role "superuser" is not a database role'],
      [
        await sign({ role: 'anon', exp: now() + 60 }, 'wrong-secret-wrong-secret-wrong-secret'),
        'JWT cryptographic operation failed',
      ],
      ['abc.def.ghi', 'Invalid JWT'],
    ]
    for (const [token, message] of cases) {
      const result = await resolveCaller({ apikey: keys.anonKey, authorization: `Bearer ${token}` }, keys)
      expect(result).toEqual({
        ok: false,
        problem: expect.objectContaining({ kind: 'invalid_jwt', message }),
      })
    }
  })
})
