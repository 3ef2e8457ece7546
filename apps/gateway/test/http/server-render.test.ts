import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DATA_MAX_AGE_MS, PAGE_MAX_AGE_MS, serverRender } from '../../src/http/server-render.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'

/**
 * A stand-in for the web build's server module: it draws the shops' names and counts what it was
 * asked to render (on globalThis, whichever module instance the gateway imported).
 */
const SERVER_MODULE = `
export function publicPatternOf(pathname) { return pathname.startsWith('/tenant') ? undefined : pathname }
export async function renderRequest(url, data) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1
  const names = data.shops.map((shop) => shop.trading_name).join('|')
  return { kind: 'page', status: 200, markup: '<p>' + names + '</p><i>' + Date.now() + '</i>', head: '', state: {}, template: 'index.html' }
}
`
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0

/**
 * Decision 053: a page is rendered once per change of what it shows, not once a second. The data
 * version is asked for at most once a second; the clock (only `Date`) is moved by hand so the
 * minute a page was drawn in is the test's to choose.
 */
describe.each(drivers)('public pages rendered on request (%s)', (driver) => {
  let db: TestDatabase
  let serverDir: string
  const make = () =>
    serverRender({
      db,
      logger: pino({ level: 'silent' }),
      distDir: serverDir,
      serverDir,
      appEnv: {},
      loadTemplate: async () => ({
        html: '<html><head></head><body><!--page--><!--/page--></body></html>',
        csp: '',
      }),
    })
  // Two seconds into a minute shortly ahead of the real clock.
  const start = Math.floor(Date.now() / 60_000) * 60_000 + 60_000 + 2000
  let now = start
  const at = (ms: number) => {
    now = ms
    vi.setSystemTime(ms)
  }
  const later = (ms: number) => at(now + ms)

  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
    serverDir = mkdtempSync(join(tmpdir(), 'genesis-server-'))
    writeFileSync(join(serverDir, 'prerender.js'), SERVER_MODULE)
    vi.useFakeTimers({ toFake: ['Date'] })
    at(start)
  })
  afterEach(async () => {
    await db.query(`update public.shops set trading_name = 'Paper Trail Stationers' where shop_no = 'UG06'`)
  })
  afterAll(async () => {
    vi.useRealTimers()
    rmSync(serverDir, { recursive: true, force: true })
    await db.close()
  })

  const html = async (render: ReturnType<typeof make>, url = '/stores') => {
    const page = await render(url)
    if (page?.kind !== 'page') throw new Error(`no page for ${url}`)
    return page
  }

  it('renders a page once while nothing it shows changes, with the same key (ETag) each time', async () => {
    const render = make()
    const before = renders()
    const first = await html(render)
    later(DATA_MAX_AGE_MS + 100)
    const second = await html(render)
    later(DATA_MAX_AGE_MS + 100)
    const third = await html(render)
    expect(renders() - before).toBe(1)
    expect(second.key).toBe(first.key)
    expect(third.html).toBe(first.html)
    // Another page is rendered for itself, once.
    await html(render, '/about')
    await html(render, '/about')
    expect(renders() - before).toBe(2)
  })

  it('serves a change of a shop once the version is asked again, on every gateway of the database', async () => {
    // Two renderers on one database, as two gateways are (issue 19): neither is told of the change.
    const one = make()
    const two = make()
    later(PAGE_MAX_AGE_MS)
    expect((await html(one)).html).toContain('Paper Trail Stationers')
    expect((await html(two)).html).toContain('Paper Trail Stationers')
    await db.query(`update public.shops set trading_name = 'Paper Trail Print Shop' where shop_no = 'UG06'`)
    later(DATA_MAX_AGE_MS + 1)
    expect((await html(one)).html).toContain('Paper Trail Print Shop')
    expect((await html(two)).html).toContain('Paper Trail Print Shop')
  })

  it('does not render again for a change of a table the public pages do not show', async () => {
    const render = make()
    later(PAGE_MAX_AGE_MS)
    const first = await html(render)
    const before = renders()
    await db.query(
      `insert into public.enquiries (kind, name, email, message) values ('contact', 'A visitor', 'a@example.com', 'Hello')`,
    )
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from realtime.changes where table_name = 'enquiries'`,
    )
    expect(rows[0].n).toBeGreaterThan(0)
    later(DATA_MAX_AGE_MS + 1)
    expect((await html(render)).key).toBe(first.key)
    expect(renders()).toBe(before)
  })

  it('renders again when the minute turns, and after PAGE_MAX_AGE_MS within a minute', async () => {
    const render = make()
    // 45 s into a minute: the page is drawn, then kept to the end of that minute only.
    at(Math.floor(now / 60_000) * 60_000 + 60_000 + 45_000)
    await html(render)
    const before = renders()
    later(10_000)
    await html(render)
    expect(renders()).toBe(before)
    later(6_000) // 1 s into the next minute
    await html(render)
    expect(renders()).toBe(before + 1)
    // Within one minute, a page older than PAGE_MAX_AGE_MS is drawn again.
    at(Math.floor(now / 60_000) * 60_000 + 60_000 + 1000)
    await html(render)
    later(PAGE_MAX_AGE_MS + 1000)
    await html(render)
    expect(renders()).toBe(before + 3)
  })
})

describe('public pages rendered on request, with the database away', () => {
  it('serves the static first paint (no page) when the data version cannot be asked for', async () => {
    const serverDir = mkdtempSync(join(tmpdir(), 'genesis-server-'))
    writeFileSync(join(serverDir, 'prerender.js'), SERVER_MODULE)
    try {
      const down = {
        query: async () => {
          throw new Error('connection refused')
        },
      } as unknown as TestDatabase
      const render = serverRender({
        db: down,
        logger: pino({ level: 'silent' }),
        distDir: serverDir,
        serverDir,
        appEnv: {},
        loadTemplate: async () => ({ html: '<html><head></head><body></body></html>', csp: '' }),
      })
      await expect(render('/stores')).resolves.toBeUndefined()
    } finally {
      rmSync(serverDir, { recursive: true, force: true })
    }
  })
})
