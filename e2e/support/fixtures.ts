import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test'
import { generate } from 'otplib'
import { anonKey, serviceRoleKey } from './backend'

/**
 * Playwright fixtures for the signed-in areas (tenant portal, back office), shared by every
 * story that needs someone signed in:
 *
 *   import { expect, test } from '../support/fixtures'
 *   test('…', async ({ page, portal }) => {
 *     await portal.signInAs('tenantA')               // session stored in the browser, no form
 *     await page.goto('/tenant/dashboard')
 *     const { secret } = await portal.enrolTotp('tenantA')   // a verified authenticator
 *     await portal.totpCode(secret)                  // the code an app would show now
 *   })
 *
 * `signInAs('admin')` gives the admin an authenticator and an aal2 session (admins must use
 * two-factor). Everything a fixture creates (authenticators, and whatever a test registers with
 * `portal.onCleanup`) is removed after the test, pass or fail.
 */

/** The demo accounts of supabase/seed.sql (README: Demo accounts). */
export const ACCOUNTS = {
  admin: { email: 'admin@genesis-centre.test', password: 'Admin-demo-2024!' },
  tenantA: { email: 'tenant.a@genesis-centre.test', password: 'Tenant-A-demo-2024!' },
  tenantB: { email: 'tenant.b@genesis-centre.test', password: 'Tenant-B-demo-2024!' },
} as const
export type Who = keyof typeof ACCOUNTS

/** The demo tenants' records (supabase/seed.sql). */
export const TENANTS = {
  tenantA: { id: '7e000000-0000-4000-8000-00000000000a', shopNo: 'G01', tradingName: 'Fresh Basket Market' },
  tenantB: { id: '7e000000-0000-4000-8000-00000000000b', shopNo: 'M01', tradingName: 'Bean Theory Coffee' },
} as const

/** supabase-js's storage key for the session (apps/web/src/lib/session/auth-storage.ts). */
export const AUTH_STORAGE_KEY = 'genesis-auth-token'

export interface StoredSession {
  access_token: string
  refresh_token: string
  expires_in: number
  expires_at: number
  token_type: string
  user: { id: string; email: string; factors?: { id: string; status: string }[] }
}

const TOTP_STEP_SECONDS = 30
/** The last time step used per secret: the server refuses a code whose step was already used. */
const lastStep = new Map<string, number>()

/**
 * A TOTP code for `secret` as an authenticator app would show it, computed here. The gateway
 * accepts one step either side and refuses a step it has already seen (replay guard), so a second
 * code within the same 30 seconds uses the next step, and a third waits for the clock.
 */
export async function totpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS)
    const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1)
    if (step <= now + 1) {
      lastStep.set(secret, step)
      return generate({ secret, epoch: step * TOTP_STEP_SECONDS })
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

const anonHeaders = () => ({ apikey: anonKey(), 'content-type': 'application/json' })
const userHeaders = (token: string) => ({ ...anonHeaders(), authorization: `Bearer ${token}` })
const serviceHeaders = () => {
  const key = serviceRoleKey()
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' }
}

export class Portal {
  readonly page: Page
  readonly request: APIRequestContext
  readonly #cleanups: (() => Promise<unknown>)[] = []
  /** Secrets of the authenticators this test enrolled, per account. */
  readonly #secrets = new Map<Who, { factorId: string; secret: string }>()
  readonly #userIds = new Map<Who, string>()

  constructor(page: Page, request: APIRequestContext) {
    this.page = page
    this.request = request
  }

  /** Runs after the test (last registered first), pass or fail. */
  onCleanup(fn: () => Promise<unknown>): void {
    this.#cleanups.push(fn)
  }

  async cleanup(): Promise<void> {
    const errors: unknown[] = []
    for (const fn of this.#cleanups.reverse()) {
      try {
        await fn()
      } catch (error) {
        // A kept-alive socket the gateway closed as the request left (Node's idle timeout of 5 s)
        // fails before the request reaches it: send it once more, or the next attempt of the story
        // starts from this one's rows (a fresh-clone run saw a DELETE fail so, then its retry count
        // two reports). Cleanups only delete or restore, so a second send changes nothing more.
        if (!/ECONNRESET|socket hang up/.test(String(error))) errors.push(error)
        else await fn().catch((again: unknown) => errors.push(again))
      }
    }
    if (errors.length > 0) throw new Error(`cleanup failed: ${errors.map(String).join('; ')}`)
  }

  /** Signs in through the auth API (not the form) and returns the session; aal2 when an authenticator is known. */
  async apiSession(who: Who, password: string = ACCOUNTS[who].password): Promise<StoredSession> {
    const session = await json<StoredSession>(
      await this.request.post('/auth/v1/token?grant_type=password', {
        headers: anonHeaders(),
        data: { email: ACCOUNTS[who].email, password },
      }),
      `sign in as ${who}`,
    )
    this.#userIds.set(who, session.user.id)
    const factor = this.#secrets.get(who)
    return factor ? this.#verify(session, factor) : session
  }

  async #verify(
    session: StoredSession,
    factor: { factorId: string; secret: string },
  ): Promise<StoredSession> {
    const challenge = await json<{ id: string }>(
      await this.request.post(`/auth/v1/factors/${factor.factorId}/challenge`, {
        headers: userHeaders(session.access_token),
        data: {},
      }),
      'challenge',
    )
    return json<StoredSession>(
      await this.request.post(`/auth/v1/factors/${factor.factorId}/verify`, {
        headers: userHeaders(session.access_token),
        data: { challenge_id: challenge.id, code: await totpCode(factor.secret) },
      }),
      'verify',
    )
  }

  /** The user id of a demo account (signs in once through the API to learn it). */
  async userId(who: Who): Promise<string> {
    const known = this.#userIds.get(who)
    if (known) return known
    return (await this.apiSession(who)).user.id
  }

  /** Removes every authenticator of an account (leftovers of an earlier run included). */
  async removeFactors(who: Who): Promise<void> {
    const id = await this.userId(who)
    const factors = await json<{ id: string }[]>(
      await this.request.get(`/auth/v1/admin/users/${id}/factors`, { headers: serviceHeaders() }),
      'list factors',
    )
    for (const f of factors) {
      const res = await this.request.delete(`/auth/v1/admin/users/${id}/factors/${f.id}`, {
        headers: serviceHeaders(),
      })
      if (!res.ok() && res.status() !== 404)
        throw new Error(`delete factor: ${res.status()} ${await res.text()}`)
    }
    this.#secrets.delete(who)
  }

  /**
   * Gives an account a verified authenticator through the API and returns its secret; it is
   * removed after the test. Sign-ins of this account then need a code (aal2).
   */
  async enrolTotp(who: Who): Promise<{ factorId: string; secret: string }> {
    await this.removeFactors(who)
    const session = await this.apiSession(who)
    const enrolled = await json<{ id: string; totp: { secret: string } }>(
      await this.request.post('/auth/v1/factors', {
        headers: userHeaders(session.access_token),
        data: { factor_type: 'totp', friendly_name: 'E2E authenticator' },
      }),
      'enrol',
    )
    const factor = { factorId: enrolled.id, secret: enrolled.totp.secret }
    await this.#verify(session, factor)
    this.#secrets.set(who, factor)
    this.onCleanup(() => this.removeFactors(who))
    return factor
  }

  /** Records an authenticator a test enrolled through the UI, so sign-ins and cleanup know it. */
  adoptTotp(who: Who, factor: { factorId: string; secret: string }): void {
    this.#secrets.set(who, factor)
    this.onCleanup(() => this.removeFactors(who))
  }

  /** The code an authenticator would show now for this account's enrolled secret. */
  async codeFor(who: Who): Promise<string> {
    const factor = this.#secrets.get(who)
    if (!factor) throw new Error(`${who} has no authenticator enrolled by this test`)
    return totpCode(factor.secret)
  }

  /**
   * Signs `who` in without the form: the session goes into the browser's storage where
   * supabase-js keeps it, as if they had signed in earlier. Admins get an authenticator and an
   * aal2 session first. Navigate afterwards.
   */
  async signInAs(who: Who): Promise<StoredSession> {
    if (who === 'admin' && !this.#secrets.has('admin')) await this.enrolTotp('admin')
    const session = await this.apiSession(who)
    await this.storeSession(session)
    return session
  }

  /** Puts a session into the page's origin storage (the page ends on a same-origin blank document). */
  async storeSession(session: StoredSession | null): Promise<void> {
    await this.page.goto('/robots.txt')
    await this.page.evaluate(
      ([key, value]) => {
        if (value === null) localStorage.removeItem(key)
        else localStorage.setItem(key, value)
      },
      [AUTH_STORAGE_KEY, session === null ? null : JSON.stringify(session)] as const,
    )
  }

  /** Fills and sends the sign-in form of the page that is open. */
  async fillSignIn(who: Who, password: string = ACCOUNTS[who].password): Promise<void> {
    await this.page.getByLabel('E-mail address').fill(ACCOUNTS[who].email)
    await this.page.getByLabel(/^Password/).fill(password)
    await this.page.getByRole('button', { name: 'Sign in' }).click()
  }

  /** A REST call as the service role (setting up and cleaning up data). */
  async serviceRest(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<unknown> {
    const res = await this.request.fetch(`/rest/v1/${path}`, {
      method,
      headers: { ...serviceHeaders(), prefer: 'return=representation' },
      data,
    })
    if (!res.ok()) throw new Error(`${method} /rest/v1/${path}: ${res.status()} ${await res.text()}`)
    const text = await res.text()
    return text ? JSON.parse(text) : null
  }
}

export const test = base.extend<{ portal: Portal }>({
  portal: async ({ page, request }, use) => {
    const portal = new Portal(page, request)
    await use(portal)
    await portal.cleanup()
  },
})

export { expect }
