import { loadConfig } from '../apps/gateway/src/config.ts'
import { migrate } from '../apps/gateway/src/database/migrate.ts'
import { openPglite } from '../apps/gateway/src/database/pglite.ts'
import { asCaller, SERVICE_ROLE } from '../apps/gateway/src/database/request-scope.ts'
import { seedDemo } from '../apps/gateway/src/database/seed.ts'
import { createDeps } from '../apps/gateway/src/deps.ts'
import { keysFromSecret } from '../apps/gateway/src/keys.ts'
import { createNewsletterWorker, workerSettings } from '../apps/gateway/src/services/newsletter/worker.ts'

const N = 2000
const raw = await openPglite()
await migrate(raw)
await seedDemo(raw)
const times = new Map<string, [number, number]>()
const key = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 50)
const add = (k: string, ms: number) => {
  const t = times.get(k) ?? [0, 0]
  t[0] += ms
  t[1]++
  times.set(k, t)
}
const wrapQ = (q: any) => ({
  async query(sql: string, p?: unknown[]) {
    const s = performance.now()
    try {
      return await q.query(sql, p)
    } finally {
      add(key(sql), performance.now() - s)
    }
  },
  exec: (sql: string) => q.exec(sql),
})
const db: any = {
  ...raw,
  ...wrapQ(raw),
  transaction: (fn: any, o: any) => {
    const s = performance.now()
    return raw
      .transaction((tx: any) => fn(wrapQ(tx)), o)
      .finally(() => add('TX total', performance.now() - s))
  },
}
await db.exec(`update public.newsletter_subscribers set status = 'unsubscribed'`)
await db.query(
  `insert into public.newsletter_subscribers (email, source, consent_text, status) select 'reader' || g || '@example.com', 'homepage', 'I agree', 'subscribed' from generate_series(1, $1::int) g`,
  [N],
)
const config = loadConfig({
  DATA_DIR: '/tmp/x',
  LOG_LEVEL: 'silent',
  NEWSLETTER_BATCH_PAUSE_MS: '0',
  NEWSLETTER_BATCH_SIZE: '100',
})
const deps = createDeps({
  config,
  db,
  keys: await keysFromSecret('bench-secret-bench-secret-bench-secret-0123'),
})
const w = createNewsletterWorker(deps, workerSettings(config))
await asCaller(db, SERVICE_ROLE, async (tx) => {
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.newsletters (subject, body) values ('S', '# Hi') returning id`,
  )
  await tx.query('select public.send_newsletter($1)', [rows[0].id])
})
times.clear()
const s = performance.now()
while ((await w.runBatch()) > 0) {}
const total = performance.now() - s
console.log('worker (outbox only) ms/msg', (total / N).toFixed(2))
for (const [k, [ms, n]] of [...times].sort((a, b) => b[1][0] - a[1][0]).slice(0, 12))
  console.log((ms / N).toFixed(3), 'ms/msg', n, k)
await raw.close()
