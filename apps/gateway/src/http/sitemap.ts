import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { toSlug } from '@genesis/contracts/slug'
import type { Context } from 'hono'
import { z } from 'zod'
import { ANON, asCaller } from '../database/request-scope.ts'
import type { Database } from '../database/types.ts'

const RowsSchema = z.object({
  shops: z.array(z.object({ trading_name: z.string(), updated_at: z.string() })),
  centre: z.string().nullable(),
  vacant: z.string().nullable(),
  whats_on: z.array(z.object({ id: z.string(), updated_at: z.string() })),
})

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[ch]};`)

/** The latest of some timestamps, as the W3C date-time a sitemap's lastmod takes. */
function latest(...values: Array<string | null | undefined>): string | undefined {
  const times = values.filter((v): v is string => !!v).map((v) => Date.parse(v))
  return times.length ? new Date(Math.max(...times)).toISOString() : undefined
}

/**
 * `GET /sitemap.xml`: the public pages, every store and every current event and special a visitor can open (read as `anon`, so an
 * unpublished shop is not listed), each with `lastmod` from the rows its page shows.
 */
export function sitemap(db: Database, siteUrl: string) {
  return async (c: Context) => {
    const data = await asCaller(
      db,
      ANON,
      async (tx) => {
        const { rows } = await tx.query(
          `select
             (select coalesce(jsonb_agg(jsonb_build_object('trading_name', s.trading_name, 'updated_at', s.updated_at)
                order by s.shop_no), '[]'::jsonb) from public.shops s) as shops,
             (select max(updated_at)::text from public.centre_settings) as centre,
             (select max(updated_at)::text from public.vacant_shops) as vacant,
             (select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'updated_at', w.updated_at)
                order by w.starts_at), '[]'::jsonb) from public.whats_on w) as whats_on`,
        )
        return RowsSchema.parse(rows[0])
      },
      { readOnly: true },
    )
    const shopsChanged = latest(...data.shops.map((s) => s.updated_at))
    const entries: Array<{ path: string; lastmod?: string }> = [
      { path: '/', lastmod: latest(data.centre, shopsChanged) },
      { path: '/about', lastmod: latest(data.centre) },
      { path: '/stores', lastmod: latest(shopsChanged) },
      ...data.shops.map((s) => ({
        path: `/stores/${toSlug(s.trading_name)}`,
        lastmod: latest(s.updated_at),
      })),
      { path: '/leasing', lastmod: latest(data.centre, data.vacant) },
      { path: '/contact', lastmod: latest(data.centre) },
      // The privacy notice's centre-specific parts are centre settings (issue 20).
      { path: '/privacy', lastmod: latest(data.centre) },
      // Approved events and specials until they end (issue 18): the view leaves out the others.
      { path: '/whats-on', lastmod: latest(...data.whats_on.map((w) => w.updated_at)) },
      ...data.whats_on.map((w) => ({ path: `/whats-on/${w.id}`, lastmod: latest(w.updated_at) })),
    ]
    const urls = entries
      .map(
        ({ path, lastmod }) =>
          `<url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
      )
      .join('\n')
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
    return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache' })
  }
}

/** `GET /robots.txt`: the build's rules plus where the sitemap is (robots.txt wants an absolute URL). */
export function robots(distDir: string, siteUrl: string) {
  return async (c: Context) => {
    const rules = await readFile(join(distDir, 'robots.txt'), 'utf8').catch(() => 'User-agent: *\nAllow: /\n')
    const text = `${rules.trimEnd()}\n\nSitemap: ${siteUrl}/sitemap.xml\n`
    return c.body(text, 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' })
  }
}
