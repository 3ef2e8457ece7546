import { type Caller, setCaller } from '../../src/database/request-scope.ts'
import type { Database, Queryable } from '../../src/database/types.ts'

export type Outcome =
  | { ok: true; rows: Record<string, unknown>[]; affected: number }
  | { ok: false; code: string; message: string }

class Rollback extends Error {}

/**
 * Runs one statement as `caller` (role switched, JWT claims set, exactly as the gateway does) and
 * rolls everything back, so each case of a matrix starts from the same data.
 */
export async function actAs(
  db: Database,
  caller: Caller,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome> {
  let outcome: Outcome | undefined
  try {
    await db.transaction(async (tx) => {
      await setCaller(tx, caller)
      try {
        const result = await tx.query(sql, params)
        outcome = { ok: true, rows: result.rows, affected: result.affectedRows }
      } catch (error) {
        const e = error as { code?: string; message?: string }
        outcome = { ok: false, code: e.code ?? 'unknown', message: e.message ?? String(error) }
      }
      throw new Rollback()
    })
  } catch (error) {
    if (!(error instanceof Rollback)) throw error
  }
  if (!outcome) throw new Error('statement did not run')
  return outcome
}

/** Runs several statements in one transaction (callers switched with `as`), then rolls it all back. */
export async function inRolledBack<T>(
  db: Database,
  fn: (tx: Queryable, as: (caller: Caller) => Promise<void>) => Promise<T>,
): Promise<T> {
  let value: T | undefined
  try {
    await db.transaction(async (tx) => {
      value = await fn(tx, (caller) => setCaller(tx, caller))
      throw new Rollback()
    })
  } catch (error) {
    if (!(error instanceof Rollback)) throw error
  }
  return value as T
}
