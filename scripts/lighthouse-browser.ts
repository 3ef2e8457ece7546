// chrome-launcher is how Lighthouse's CLI starts Chrome (a dependency of lighthouse): the signed-in
// audits run in a browser started the same way as the others.
import { launch } from 'chrome-launcher'
import { AUTH_STORAGE_KEY } from '../apps/web/src/lib/session/auth-storage.ts'

/**
 * A signed-in page for Lighthouse: Lighthouse's CLI cannot sign in, so for a portal page
 * scripts/lighthouse.ts signs the demo account in through the auth API, starts Chromium itself
 * (as Lighthouse's CLI would: chrome-launcher, the same binary and flags), puts the session where the web app's supabase-js keeps it
 * (localStorage, apps/web/src/lib/session/auth-storage.ts) over the DevTools protocol, and lets
 * Lighthouse attach to that browser (`--port`, `--disable-storage-reset` so the session stays).
 * Each audit gets a new browser with an empty profile. For /tenant/dashboard it is a returning
 * tenant's browser: the dashboard was opened once before (the app keeps the heading's summary
 * between visits, `tenant_data`), then the cache was cleared, so the page's code and data still
 * load cold. Every other page has loaded only /robots.txt (to reach the site's origin) before.
 */

export interface SignedInBrowser {
  /** The DevTools port to give Lighthouse (`--port`). */
  port: number
  stop: () => void
}

/** A demo account's session from the auth API, as supabase-js stores it. */
export async function signIn(
  base: string,
  anonKey: string,
  account: { email: string; password: string },
): Promise<unknown> {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (!res.ok) throw new Error(`sign-in as ${account.email} failed: ${res.status} ${await res.text()}`)
  return res.json()
}

/** The anon key the gateway puts into every page's app config. */
export async function anonKeyOf(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text()
  const config = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1]
  const anonKey: unknown = config ? JSON.parse(config).anonKey : undefined
  if (typeof anonKey !== 'string') throw new Error('no anon key in the app config of /')
  return anonKey
}

async function waitFor<T>(what: string, read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A minimal DevTools protocol client over the browser's WebSocket (Node's own WebSocket). */
async function devtools(url: string) {
  const socket = new WebSocket(url)
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true })
    socket.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true })
  })
  let nextId = 1
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number
      result?: unknown
      error?: { message: string }
    }
    const waiter = message.id === undefined ? undefined : pending.get(message.id)
    if (!waiter || message.id === undefined) return
    pending.delete(message.id)
    if (message.error) waiter.reject(new Error(message.error.message))
    else waiter.resolve(message.result)
  })
  return {
    send<T>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
      const id = nextId++
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: (v) => resolve(v as T), reject })
      })
    },
    close: () => socket.close(),
  }
}

/**
 * Starts Chromium the way Lighthouse's CLI does (chrome-launcher, its default flags, a fresh
 * profile) with `session` stored for `origin` under the web app's auth storage key.
 */
export async function startSignedInBrowser(options: {
  chromePath: string
  chromeFlags: string[]
  origin: string
  session: unknown
  /**
   * A page to open once before the audit, as the tenant did on an earlier visit, waiting until
   * the app has stored what it keeps between visits under this key; the browser's cache is then
   * cleared, so the audited load still fetches every file.
   */
  visitBefore?: { path: string; storedKey: string }
}): Promise<SignedInBrowser> {
  const chrome = await launch({ chromePath: options.chromePath, chromeFlags: options.chromeFlags })
  const stop = () => {
    chrome.kill()
  }
  try {
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string
    }
    const cdp = await devtools(version.webSocketDebuggerUrl)
    try {
      const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
        url: `${options.origin}/robots.txt`,
      })
      const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      })
      const evaluate = async (expression: string) =>
        (
          await cdp.send<{ result: { value?: unknown } }>(
            'Runtime.evaluate',
            { expression, returnByValue: true },
            sessionId,
          )
        ).result.value
      // Until the new tab has a document, Chromium answers "Cannot find default execution context".
      const loaded = () =>
        evaluate(`location.origin === ${JSON.stringify(options.origin)} && document.readyState`).catch(
          () => undefined,
        )
      await waitFor('robots.txt to load', async () => ((await loaded()) === 'complete' ? true : undefined))
      await evaluate(
        `localStorage.setItem(${JSON.stringify(AUTH_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(options.session))})`,
      )
      if (options.visitBefore) {
        const { path, storedKey } = options.visitBefore
        await cdp.send('Page.navigate', { url: `${options.origin}${path}` }, sessionId)
        await waitFor(`${path} to store ${storedKey}`, async () =>
          (await evaluate(`localStorage.getItem(${JSON.stringify(storedKey)})`).catch(() => null))
            ? true
            : undefined,
        )
        await cdp.send('Network.enable', {}, sessionId)
        await cdp.send('Network.clearBrowserCache', {}, sessionId)
      }
      await cdp.send('Target.closeTarget', { targetId })
    } finally {
      cdp.close()
    }
    return { port: chrome.port, stop }
  } catch (error) {
    stop()
    throw error
  }
}

/**
 * The demo tenant's returning visit as the dashboard's trace scripts (attribute-dashboard.ts,
 * profile-dashboard.ts) replay it, in a Playwright context: the session stored where supabase-js
 * keeps it, the dashboard opened once (the app keeps the heading's summary, `tenant_data`), then
 * the page back on /robots.txt with the cache cleared and the CPU slowed `cpuRate` times. The next
 * navigation to the dashboard is the measured one.
 */
export async function prepareReturningDashboard(
  context: import('@playwright/test').BrowserContext,
  base: string,
  session: unknown,
  cpuRate: number,
) {
  const page = await context.newPage()
  await page.goto(`${base}/robots.txt`)
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [AUTH_STORAGE_KEY, JSON.stringify(session)],
  )
  await page.goto(`${base}/tenant/dashboard`)
  await page.waitForFunction(() => localStorage.getItem('tenant_data') !== null, undefined, {
    timeout: 30_000,
  })
  await page.goto(`${base}/robots.txt`)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.clearBrowserCache')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
  return { page, cdp }
}
