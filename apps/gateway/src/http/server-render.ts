import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Logger } from 'pino'
import { z } from 'zod'
import { ANON, asCaller } from '../database/request-scope.ts'
import type { Database } from '../database/types.ts'

/** What the web build's server module (apps/web/src/prerender.tsx) answers for one URL. */
const RenderedSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    status: z.union([z.literal(200), z.literal(404)]),
    markup: z.string(),
    // Title, description, canonical and social card (escaped by the server module), for <head>.
    head: z.string(),
    state: z.unknown(),
    // A file of the build's pages folder: no way out of it.
    template: z.string().regex(/^[\w-]+\.html$/),
  }),
  z.object({ kind: z.literal('redirect'), status: z.literal(301), location: z.string().startsWith('/') }),
  z.object({ kind: z.literal('app') }),
])

interface RenderModule {
  renderRequest(url: string, data: PublicData, env: unknown): Promise<unknown>
  publicPatternOf(pathname: string): string | undefined
}

interface PublicData {
  shops: unknown[]
  centreSettings: unknown
  vacantShops: unknown[]
  tradingCalendar: unknown
  powerStatuses: unknown[]
  whatsOn: unknown[]
}

export type RenderedPage =
  | { kind: 'page'; status: 200 | 404; html: string; csp: string; key: string }
  | { kind: 'redirect'; status: 301; location: string }

/**
 * The columns of a shop a public page reads (ShopSchema in the web app's get-shops.ts): not its
 * e-mail, publication flag or timestamps, a fifth of each row's JSON (decision 043).
 */
const SHOP_COLUMNS = [
  'id',
  'shop_no',
  'trading_name',
  'description',
  'category',
  'floor',
  'primary_phone',
  'website',
  'gla_m2',
  'trading_hours',
  'logo_path',
  'whatsapp',
].join(', ')

/**
 * How often, at most, the gateway asks the database whether what the public pages show has
 * changed (`DATA_VERSION_SQL`). A change made through REST is in the served HTML after at most
 * this long (the issue asks for 2 s), on every gateway of the database (each asks it), and a burst
 * of visitors costs one small query a second, not a read and a rendering per visitor.
 */
export const DATA_MAX_AGE_MS = 1000

/**
 * The tables the public pages are drawn from (the rows `readData` reads and the views it reads
 * draw on). Each is watched by realtime (`realtime.watch_table`): every insert, update and delete
 * of one, whoever makes it, adds a row to `realtime.changes` in its transaction.
 */
export const PUBLIC_PAGE_TABLES = [
  'shops',
  'centre_settings',
  'vacant_shops',
  'public_holidays',
  'shop_trading_exceptions',
  'power_statuses',
  'whats_on_items',
]

/**
 * The version of what the public pages show: how many changes of their tables are kept and the
 * sum of their ids. A committed change adds its row, so the version moves, also when transactions
 * commit out of the order their ids were taken in (a maximum id would miss the one that commits
 * last with the lower id). Pruning (every minute, changes older than five minutes) moves it too,
 * which costs one needless reading, never a missed one.
 */
const DATA_VERSION_SQL = `select count(*)::text || ':' || coalesce(sum(id), 0)::text as version
  from realtime.changes where schema_name = 'public' and table_name = any($1::text[])`

/**
 * However quiet the tables, the rows are read again after this long: a safety net for a change
 * that leaves no trace in `realtime.changes` (a trigger switched off by hand, a restore).
 */
export const ROWS_MAX_AGE_MS = 60_000

/**
 * A rendered page is served again while the minute it was drawn in lasts (open-now chips, a power
 * report turning unconfirmed and what's on are worked out to the minute, decision 023) and for at
 * most this long: the queries it hands over are stamped with its rendering time, and the app
 * fetches a query again at start when that is older than its stale time (60 s for the live ones).
 */
export const PAGE_MAX_AGE_MS = 30_000

/** The next midnight in South Africa (UTC+2 all year, decision 037) after `now`: the calendar is read from yesterday on. */
function nextSastMidnight(now: number): number {
  const day = 86_400_000
  const offset = 2 * 3_600_000
  return Math.floor((now + offset) / day) * day + day - offset
}

/**
 * Public pages rendered on request with their data (decision 016): the web build's server module
 * (`apps/web/dist-server/prerender.js`) renders the page as the app draws it with the rows a
 * visitor may read (read as `anon`, so RLS decides exactly as for the app's own REST calls), and
 * the result is put into the build's prerendered page for that route, with the data handed over
 * to the app in `<script id="app-data">`. Without a server module (no build yet) it renders
 * nothing and the static first paint is served instead.
 */
export function serverRender(options: {
  db: Database
  logger: Logger
  distDir: string
  serverDir: string
  /** What the page's app-config block carries (the app reads its URLs from it). */
  appEnv: Record<string, unknown>
  /** The document, with app-config, of a page of the build and its CSP (static-site.ts loads and caches it). */
  loadTemplate: (file: string) => Promise<{ html: string; csp: string }>
}) {
  const entry = join(options.serverDir, 'prerender.js')
  let module: Promise<RenderModule | undefined> | undefined
  /**
   * The rows read last and the pages rendered from them (by path and query): a page is the same
   * for every visitor while its rows and its minute are, so it is rendered (and compressed) once
   * per change of what it shows, not once per visitor or per second. Bounded: query strings are
   * the visitor's to choose.
   */
  interface Read {
    /** The data version the rows were read at (`DATA_VERSION_SQL`). */
    version: string
    /** When the version was last found unchanged (ms). */
    checkedAt: number
    /** When the rows must be read again whatever the version says (ms). */
    expires: number
    rows: Promise<PublicData>
    pages: Map<string, { at: number; page: Promise<RenderedPage | undefined> }>
  }
  let data: Read | undefined
  let checking: Promise<Read> | undefined

  const loadModule = () => {
    module ??= existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<RenderModule>)
      : Promise.resolve(undefined)
    return module
  }

  /** The rows as they are now: those read last while the data version has not moved, else read again. */
  const currentData = (): Read | Promise<Read> => {
    const now = Date.now()
    if (data && now - data.checkedAt < DATA_MAX_AGE_MS && now < data.expires) return data
    // One question to the database at a time, whatever the number of visitors waiting.
    checking ??= (async () => {
      const { rows } = await options.db.query<{ version: string }>(DATA_VERSION_SQL, [PUBLIC_PAGE_TABLES])
      const version = rows[0]?.version ?? ''
      const at = Date.now()
      if (data && data.version === version && at < data.expires) {
        data.checkedAt = at
        return data
      }
      // The version is read before the rows: a change committed in between is in the rows and
      // moves the version again, which costs one more reading, never a stale page.
      return readData(version, at)
    })().finally(() => {
      checking = undefined
    })
    return checking
  }

  const readData = (version: string, now: number): Read => {
    const rows = asCaller(
      options.db,
      ANON,
      async (tx) => {
        // The rows and columns REST would return for the app's own queries (get-shops.ts,
        // get-centre-settings.ts, get-vacant-shops.ts, get-trading-calendar.ts,
        // get-power-statuses.ts, get-whats-on.ts), in the same order. json_agg writes the rows as
        // they are (about three times faster than jsonb_agg(to_jsonb()) for 1,000 shops). The
        // calendar from yesterday on, in South African dates, as get-trading-calendar.ts asks. Of
        // the shops only the columns the app's schema reads (a regional mall has 1,000 of them).
        const { rows } = await tx.query<{
          shops: unknown[]
          centre: unknown
          vacant: unknown[]
          calendar: unknown
          power: unknown[]
          whats_on: unknown[]
        }>(
          `with since as (select (now() at time zone 'Africa/Johannesburg')::date - 1 as day)
           select
             (select coalesce(json_agg(s order by s.shop_no), '[]'::json) from (select ${SHOP_COLUMNS} from public.shops) s) as shops,
             (select row_to_json(c) from public.centre_settings c limit 1) as centre,
             (select coalesce(json_agg(v order by v.is_featured desc, v.created_at desc), '[]'::json)
                from public.vacant_shops v) as vacant,
             json_build_object(
               'holidays', (select coalesce(json_agg(json_build_object('holiday_date', h.holiday_date,
                   'name', h.name, 'centre_closed', h.centre_closed) order by h.holiday_date), '[]'::json)
                 from public.public_holidays h where h.holiday_date >= (select day from since)),
               'exceptions', (select coalesce(json_agg(json_build_object('id', e.id, 'shop_id', e.shop_id,
                   'exception_date', e.exception_date, 'closed', e.closed, 'hours', e.hours, 'reason', e.reason)
                   order by e.exception_date), '[]'::json)
                 from public.shop_trading_exceptions e where e.exception_date >= (select day from since))
             ) as calendar,
             (select coalesce(json_agg(p), '[]'::json) from public.current_power_statuses p) as power,
             (select coalesce(json_agg(w order by w.starts_at, w.ends_at, w.id), '[]'::json)
                from public.whats_on w) as whats_on`,
        )
        return {
          shops: rows[0].shops,
          centreSettings: rows[0].centre,
          vacantShops: rows[0].vacant,
          tradingCalendar: rows[0].calendar,
          powerStatuses: rows[0].power,
          whatsOn: rows[0].whats_on,
        }
      },
      { readOnly: true },
    )
    const read: Read = { version, checkedAt: now, expires: now + ROWS_MAX_AGE_MS, rows, pages: new Map() }
    data = read
    rows.then(
      (kept) => {
        // The rows change by themselves when an item of what's on ends (its read policy compares
        // `ends_at` with now()) and when the South African day turns (the calendar is read from
        // yesterday on): read them again then.
        const ends = (Array.isArray(kept.whatsOn) ? kept.whatsOn : [])
          .map((item) => Date.parse(String((item as { ends_at?: unknown }).ends_at)))
          .filter((at) => Number.isFinite(at))
        read.expires = Math.min(read.expires, nextSastMidnight(now), ...ends)
      },
      () => {
        // A failed read is not kept: the next request reads again.
        if (data === read) data = undefined
      },
    )
    return read
  }

  /** At most this many pages (distinct paths and queries) are kept per read. */
  const PAGES_PER_READ = 64

  /** The page for `url` (path and query), or undefined when the static first paint should be served. */
  return async function render(url: string): Promise<RenderedPage | undefined> {
    const renderer = await loadModule().catch((error: unknown) => {
      options.logger.error({ err: error }, 'the web build’s server module cannot be loaded')
      return undefined
    })
    if (!renderer) return undefined
    // Tenant and admin paths are the app's shell: no rows to read for them.
    if (!renderer.publicPatternOf(new URL(url, 'http://render.invalid').pathname)) return undefined
    let read: Read
    try {
      read = await currentData()
    } catch (error) {
      // As when reading the rows fails: the static first paint, and the app loads its data itself.
      options.logger.error({ err: error, url }, 'asking for the public pages’ data version failed')
      return undefined
    }
    const now = Date.now()
    const kept = read.pages.get(url)
    if (kept && now - kept.at < PAGE_MAX_AGE_MS && Math.floor(kept.at / 60_000) === Math.floor(now / 60_000))
      return kept.page
    const page = renderWith(renderer, url, read.rows)
    if (kept || read.pages.size < PAGES_PER_READ) {
      const entry = { at: now, page }
      read.pages.set(url, entry)
      // A rendering that failed (logged) is tried again by the next visitor, not kept.
      void page.then((rendered) => {
        if (!rendered && read.pages.get(url) === entry) read.pages.delete(url)
      })
    }
    return page
  }

  async function renderWith(
    renderer: RenderModule,
    url: string,
    rows: Promise<PublicData>,
  ): Promise<RenderedPage | undefined> {
    try {
      const rendered = RenderedSchema.parse(await renderer.renderRequest(url, await rows, options.appEnv))
      if (rendered.kind === 'app') return undefined
      if (rendered.kind === 'redirect') return rendered
      const { html: template, csp } = await options.loadTemplate(join('pages', rendered.template))
      // `<` escaped so the data can never close the script element it travels in.
      const state = JSON.stringify(rendered.state).replace(/</g, '\\u003c')
      const html = template
        .replace(/<!--page-->[\s\S]*<!--\/page-->/, () => `<!--page-->${rendered.markup}<!--/page-->`)
        .replace(
          '</head>',
          () => `${rendered.head}<script id="app-data" type="application/json">${state}</script></head>`,
        )
      // The page's identity for ETags, worked out once for every visitor it is served to.
      const key = `rendered:${createHash('sha1').update(html).digest('hex')}`
      return { kind: 'page', status: rendered.status, html, csp, key }
    } catch (error) {
      // The page can still be served as its static first paint; the app then loads its data itself.
      options.logger.error({ err: error, url }, 'rendering a public page on request failed')
      return undefined
    }
  }
}

/** Where the web build keeps its server module: beside dist/, not inside it (nothing in dist/ is private). */
export function serverDirOf(distDir: string): string {
  return join(distDir.replace(/\/$/, ''), '..', 'dist-server')
}
