import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createApp } from '../../apps/gateway/src/app.ts'
import { loadConfig } from '../../apps/gateway/src/config.ts'
import { migrate } from '../../apps/gateway/src/database/migrate.ts'
import { openPglite } from '../../apps/gateway/src/database/pglite.ts'
import { seedDemo } from '../../apps/gateway/src/database/seed.ts'
import { createDeps } from '../../apps/gateway/src/deps.ts'
import { serverDirOf } from '../../apps/gateway/src/http/server-render.ts'
import { WEB_DIST } from '../../apps/gateway/src/http/static-site.ts'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'

/**
 * A regional mall's directory (issue 15, §1): `/stores` rendered on request with 1,000 published
 * shops against the demo's 28, in the same run. Targets: the HTML answers in ≤ 2× the demo's time
 * and its gzip size stays under 150 KB (the directory draws a page of stores; the handed-over list
 * keeps every shop for search and filters). Needs the web build (`npm run build`).
 */
const REQUESTS = 30
const TARGET_RATIO = 2
const TARGET_GZIP = 150 * 1024

async function gatewayWith(extraShops: number) {
  const db = await openPglite()
  await migrate(db)
  await seedDemo(db)
  if (extraShops > 0) {
    await db.query(
      `insert into public.shops (shop_no, trading_name, description, category, floor, primary_phone, trading_hours)
       select 'B' || lpad(n::text, 4, '0'), 'Bench Store ' || n,
              'A shop of the growth scenario, with a description as long as a real one.',
              'Services', (array['Ground', 'Upper Ground', 'Lower Ground', 'First Floor'])[1 + n % 4],
              '011 274 ' || lpad(n::text, 4, '0'),
              '{"monday":"09:00 - 18:00","tuesday":"09:00 - 18:00","wednesday":"09:00 - 18:00","thursday":"09:00 - 18:00","friday":"09:00 - 18:00","saturday":"09:00 - 14:00","sunday":""}'::jsonb
       from generate_series(1, $1::int) n`,
      [extraShops],
    )
  }
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from public.shops where is_published',
  )
  const dataDir = mkdtempSync(join(tmpdir(), 'genesis-bench-directory-'))
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SITE_URL: 'http://127.0.0.1:8080' })
  const keys = await keysFromSecret('bench-secret-of-the-genesis-gateway-0123456789')
  const gateway = createApp(createDeps({ config, db, keys }))
  return {
    shops: rows[0].n,
    app: gateway.app,
    async close() {
      await gateway.stop()
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export default async function run(): Promise<void> {
  if (!existsSync(join(serverDirOf(WEB_DIST), 'prerender.js'))) {
    console.log('  skipped: the web app is not built (npm run build)')
    return
  }
  const demo = await gatewayWith(0)
  const mall = await gatewayWith(972)
  try {
    const times = { demo: [] as number[], mall: [] as number[] }
    const sizes = { demo: 0, mall: 0 }
    const shown = { demo: 0, mall: 0 }
    // Alternating, so both see the same machine; the first request of each warms its render module.
    for (let i = 0; i <= REQUESTS; i++) {
      for (const [name, gw] of [
        ['demo', demo],
        ['mall', mall],
      ] as const) {
        const started = performance.now()
        const res = await gw.app.request('/stores')
        const html = await res.text()
        const elapsed = performance.now() - started
        if (res.status !== 200) throw new Error(`/stores answered ${res.status}`)
        if (i === 0) continue
        times[name].push(elapsed)
        sizes[name] = gzipSync(html, { level: 6 }).byteLength
        shown[name] = html.match(/<li class="group relative/g)?.length ?? 0
      }
    }
    const ratio = median(times.mall) / median(times.demo)
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
    console.log(
      `  demo: ${demo.shops} shops, ${shown.demo} drawn, median ${median(times.demo).toFixed(1)} ms, gzip ${kb(sizes.demo)}`,
    )
    console.log(
      `  mall: ${mall.shops} shops, ${shown.mall} drawn, median ${median(times.mall).toFixed(1)} ms, gzip ${kb(sizes.mall)}`,
    )
    console.log(
      `  /stores time, mall ÷ demo: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'ok' : 'MISSED'}`,
    )
    console.log(
      `  /stores gzip size with ${mall.shops} shops: ${kb(sizes.mall)} (target < ${kb(TARGET_GZIP)}) ${sizes.mall < TARGET_GZIP ? 'ok' : 'MISSED'}`,
    )
  } finally {
    await demo.close()
    await mall.close()
  }
}
