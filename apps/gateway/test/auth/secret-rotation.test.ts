import { jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { applySecuritySettings } from '../../src/database/security-settings.ts'
import { createDeps } from '../../src/deps.ts'
import { type Keys, keysFromSecret } from '../../src/keys.ts'
import { signDownloadToken, verifyDownloadToken } from '../../src/services/storage/signed-token.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'

/**
 * Rotating JWT_SECRET (README "Production"): with the old secret in JWT_SECRET_PREVIOUS, the
 * sessions, anon key and signed URLs it signed keep working while everything new is signed with the
 * new secret; once JWT_SECRET_PREVIOUS is removed, what the old secret signed is refused.
 */
const OLD = 'the-secret-being-replaced-0123456789abcdef'
const NEW = 'the-secret-that-replaces-it-0123456789abcdef'
const verifiesWith = async (token: string, secret: string) =>
  jwtVerify(token, new TextEncoder().encode(secret)).then(
    () => true,
    () => false,
  )

describe.each(drivers)('rotating the signing secret (%s)', (driver) => {
  let db: TestDatabase
  const gateways: Gateway[] = []
  const build = async (keys: Keys) => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      AUTH_AUTOCONFIRM: 'true',
      SITE_URL: 'http://gateway.test',
    })
    await applySecuritySettings(db, config)
    const gateway = createApp(createDeps({ config, db, keys }))
    gateways.push(gateway)
    return gateway.app
  }
  let before: Awaited<ReturnType<typeof build>>
  let during: Awaited<ReturnType<typeof build>>
  let after: Awaited<ReturnType<typeof build>>
  let oldKeys: Keys
  let newKeys: Keys
  let session: { access_token: string; refresh_token: string }

  beforeAll(async () => {
    db = await createTestDatabase(driver)
    oldKeys = await keysFromSecret(OLD)
    newKeys = await keysFromSecret(NEW)
    before = await build(oldKeys)
    during = await build(await keysFromSecret(NEW, OLD))
    after = await build(newKeys)
    const res = await before.request('/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: oldKeys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rotation@example.test', password: 'Rotation-test-2026!' }),
    })
    expect(res.status).toBe(200)
    session = await res.json()
    expect(await verifiesWith(session.access_token, OLD)).toBe(true)
  })
  afterAll(async () => {
    for (const gateway of gateways) await gateway.stop()
    await db?.close()
  })

  const user = (app: typeof before, apikey: string, token: string) =>
    app.request('/auth/v1/user', { headers: { apikey, authorization: `Bearer ${token}` } })
  const shops = (app: typeof before, apikey: string) =>
    app.request('/rest/v1/shops?select=id&limit=1', { headers: { apikey } })

  it('accepts the old secret’s session and anon key while JWT_SECRET_PREVIOUS is set', async () => {
    // A page opened before the restart: the old anon key and the old access token.
    expect((await user(during, oldKeys.anonKey, session.access_token)).status).toBe(200)
    expect((await shops(during, oldKeys.anonKey)).status).toBe(200)
    // The new anon key, as pages served after the restart carry it.
    expect((await shops(during, newKeys.anonKey)).status).toBe(200)
  })

  it('signs everything new with the new secret: a refreshed session works once the old one is gone', async () => {
    const res = await during.request('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { apikey: oldKeys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    })
    expect(res.status).toBe(200)
    const refreshed = (await res.json()) as { access_token: string; refresh_token: string }
    expect(await verifiesWith(refreshed.access_token, NEW)).toBe(true)
    expect(await verifiesWith(refreshed.access_token, OLD)).toBe(false)
    expect((await user(after, newKeys.anonKey, refreshed.access_token)).status).toBe(200)
  })

  it('gives a racing tab the same successor when it refreshes the old token on a gateway still on the old secret', async () => {
    const signIn = await before.request('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: oldKeys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rotation@example.test', password: 'Rotation-test-2026!' }),
    })
    const { refresh_token } = (await signIn.json()) as { refresh_token: string }
    const refresh = (app: typeof before) =>
      app.request('/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { apikey: oldKeys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token }),
      })
    // The first tab refreshes through a gateway not yet rotated, the second through a rotated one.
    const first = await refresh(before)
    expect(first.status).toBe(200)
    const second = await refresh(during)
    expect(second.status).toBe(200)
    expect(((await second.json()) as { refresh_token: string }).refresh_token).toBe(
      ((await first.json()) as { refresh_token: string }).refresh_token,
    )
  })

  it('refuses the old secret’s session and anon key once JWT_SECRET_PREVIOUS is removed', async () => {
    const refused = await user(after, newKeys.anonKey, session.access_token)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error_code: 'bad_jwt' })
    expect((await shops(after, oldKeys.anonKey)).status).toBe(401)
    expect((await shops(after, newKeys.anonKey)).status).toBe(200)
  })

  it('keeps URLs signed with the old secret working only while JWT_SECRET_PREVIOUS is set', async () => {
    const token = await signDownloadToken(oldKeys, 'statements/a.pdf', 600)
    await expect(
      verifyDownloadToken(await keysFromSecret(NEW, OLD), token, 'statements/a.pdf'),
    ).resolves.toBeUndefined()
    await expect(verifyDownloadToken(newKeys, token, 'statements/a.pdf')).rejects.toThrow()
    const fresh = await signDownloadToken(await keysFromSecret(NEW, OLD), 'statements/a.pdf', 600)
    expect(await verifiesWith(fresh, NEW)).toBe(true)
  })
})
