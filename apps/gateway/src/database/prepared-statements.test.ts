import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, type PgliteDatabase } from './pglite.ts'
import { PreparedStatements } from './prepared-statements.ts'
import { asCaller } from './request-scope.ts'

const READ = 'select note from public.notes order by note'
/** The named statements on PGlite's connection whose text is `sql`. */
const preparedCount = async (db: PgliteDatabase, sql: string) =>
  (
    await db.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where name like $2 and statement = $1',
      [sql, 'gw\\_%'],
    )
  ).rows[0].n

// PostgreSQL in WebAssembly starts slowly on a busy two-core machine.
describe('statements prepared on PGlite’s connection (decision 055)', { timeout: 120_000 }, () => {
  let db: PgliteDatabase
  beforeAll(async () => {
    db = await openPglite()
    await db.exec(`
      create role reader nologin;
      create table public.notes (owner text not null, note text not null);
      alter table public.notes enable row level security;
      create policy own on public.notes for select to reader
        using (owner = current_setting('request.jwt.claim.sub', true));
      grant select on public.notes to reader;
      insert into public.notes values ('a', 'a1'), ('a', 'a2'), ('b', 'b1');
    `)
  })
  afterAll(() => db?.close())

  const as = (sub: string) =>
    asCaller(db, { role: 'reader', claims: { role: 'reader', sub } }, async (tx) =>
      (await tx.query<{ note: string }>(READ)).rows.map((r) => r.note),
    )

  it('a statement run again is prepared once, and row-level security still decides for each caller', async () => {
    expect(await as('a')).toEqual(['a1', 'a2'])
    expect(await as('b')).toEqual(['b1'])
    expect(await as('a')).toEqual(['a1', 'a2'])
    expect(await as('nobody')).toEqual([])
    expect(await preparedCount(db, READ)).toBe(1)
  })

  it('a call that fails leaves none of its new statements behind, and the next call works', async () => {
    const fresh = 'select count(*)::int as n from public.notes where owner = $1'
    await expect(
      db.transaction(async (tx) => {
        // Deferred: sent in the same call as the failing statement after it.
        tx.defer?.(fresh, ['a'])
        await tx.query('select no_such_column from public.notes')
      }),
    ).rejects.toThrow(/no_such_column/)
    expect(await preparedCount(db, fresh)).toBe(0)
    expect((await db.query<{ n: number }>(fresh, ['a'])).rows).toEqual([{ n: 2 }])
    expect(await preparedCount(db, fresh)).toBe(1)
  })

  it('a table changed after a statement was prepared gives the new rows at the latest on the next call', async () => {
    const all = 'select * from public.notes where owner = $1 order by note'
    expect((await db.query(all, ['b'])).rows).toEqual([{ owner: 'b', note: 'b1' }])
    await db.exec(`alter table public.notes add column seen boolean not null default false`)
    // PostgreSQL refuses a prepared plan whose result changed shape (0A000) once; the statement is
    // then prepared again.
    const rows = await db.query(all, ['b']).then(
      (r) => r.rows,
      (error: { code?: string }) => {
        expect(error.code).toBe('0A000')
        return db.query(all, ['b']).then((r) => r.rows)
      },
    )
    expect(rows).toEqual([{ owner: 'b', note: 'b1', seen: false }])
  })
})

describe('which statements stay prepared', () => {
  const settleAll = (kept: PreparedStatements, sql: string) => {
    const call = kept.call([{ sql, params: [] }])
    kept.settle(call)
    return call
  }

  it('keeps at most its limit, closing the least recently used at the next call', () => {
    const kept = new PreparedStatements(2)
    expect(settleAll(kept, 'select 1').preparing.size).toBe(1)
    settleAll(kept, 'select 2')
    expect(settleAll(kept, 'select 1').preparing.size).toBe(0) // used again, now the most recent
    settleAll(kept, 'select 3') // 'select 2' is closed
    expect(kept.size).toBe(2)
    const next = kept.call([{ sql: 'select 1', params: [] }])
    // The call starts with Close ('C') of the statement dropped, and prepares nothing new.
    expect(String.fromCharCode(next.bytes[0])).toBe('C')
    expect(next.preparing.size).toBe(0)
    expect(settleAll(kept, 'select 2').preparing.size).toBe(1)
  })

  it('prepares a statement used twice in one call once', () => {
    const kept = new PreparedStatements()
    const call = kept.call([
      { sql: 'select $1::int', params: ['1'] },
      { sql: 'select $1::int', params: ['2'] },
    ])
    expect([...call.preparing.keys()]).toEqual(['select $1::int'])
  })
})
