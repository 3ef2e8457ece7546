import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPglite } from './pglite.ts'
import { listSeedFiles, seedDemo } from './seed.ts'

describe('demo seeding', () => {
  it('loads seed.sql, then every file of the seed folder in name order, in one transaction', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genesis-seed-'))
    const main = join(dir, 'seed.sql')
    const extra = join(dir, 'extra')
    writeFileSync(main, 'create table t (n int); insert into t values (1);')
    mkdirSync(extra)
    writeFileSync(join(extra, '20_second.sql'), 'insert into t values (3);')
    writeFileSync(join(extra, '10_first.sql'), 'insert into t select max(n) + 1 from t;')
    writeFileSync(join(extra, 'notes.md'), 'not sql')
    expect((await listSeedFiles(main, extra)).map((f) => f.slice(dir.length + 1))).toEqual([
      'seed.sql',
      'extra/10_first.sql',
      'extra/20_second.sql',
    ])

    const db = await openPglite()
    await seedDemo(db, main, extra)
    const { rows } = await db.query<{ n: number }>('select n from t order by n')
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3])

    // A failing file leaves nothing of any file behind.
    writeFileSync(join(extra, '30_broken.sql'), 'insert into missing_table values (1);')
    await db.exec('drop table t')
    await expect(seedDemo(db, main, extra)).rejects.toThrow(/missing_table/)
    const { rows: left } = await db.query(`select 1 from pg_tables where tablename = 't'`)
    expect(left).toEqual([])
    await db.close()
  })

  it('works without a seed folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genesis-seed-'))
    expect(await listSeedFiles(join(dir, 'seed.sql'), join(dir, 'absent'))).toEqual([join(dir, 'seed.sql')])
  })
})
