import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { type Caller, setCaller } from '../../database/request-scope.ts'
import type { Database, Queryable } from '../../database/types.ts'

/**
 * Realtime Authorization (Supabase Realtime's private channels): what a caller may do on a private
 * channel is what RLS lets them do with rows of realtime.messages for that topic, evaluated as the
 * caller with `realtime.topic()` set to the channel's name (migration 20261123500100).
 *
 * - read (receive broadcasts / presence): SELECT policies, checked on probe rows inserted by the
 *   gateway's own role, one per extension;
 * - write (send broadcasts / track presence): INSERT policies, checked by inserting as the caller.
 *
 * Every check runs in a transaction that is rolled back, so it leaves nothing behind.
 */
export type Extension = 'broadcast' | 'presence'

export interface ChannelPolicies {
  broadcastRead: boolean
  /** null: not checked yet (presence was off at join and nothing was tracked). */
  presenceRead: boolean | null
  broadcastWrite: boolean | null
  presenceWrite: boolean | null
}

/** Carries a check's result out of the transaction it rolls back. */
class Checked<T> extends Error {
  readonly value: T
  constructor(value: T) {
    super('authorisation check done')
    this.value = value
  }
}

async function rolledBack<T>(db: Database, check: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Checked(await check(tx))
    })
  } catch (error) {
    if (error instanceof Checked) return error.value as T
    throw error
  }
  throw new Error('unreachable')
}

async function actAs(tx: Queryable, caller: Caller, topic: string): Promise<void> {
  await setCaller(tx, caller)
  await tx.query(`select set_config('realtime.topic', $1, true)`, [topic])
}

/** Which extensions the caller may read on `topic` (SELECT policies). */
export function readAuthorizations(
  db: Database,
  caller: Caller,
  topic: string,
  extensions: Extension[],
): Promise<Record<Extension, boolean | null>> {
  return rolledBack(db, async (tx) => {
    const probes = extensions.map((extension) => ({ extension, id: randomUUID() }))
    await tx.query(
      `insert into realtime.messages (id, topic, extension)
       select id, $1, extension from unnest($2::uuid[], $3::text[]) as probe(id, extension)`,
      [topic, probes.map((p) => p.id), probes.map((p) => p.extension)],
    )
    await actAs(tx, caller, topic)
    const { rows } = await tx.query<{ id: string }>(
      'select id::text as id from realtime.messages where id = any($1::uuid[])',
      [probes.map((p) => p.id)],
    )
    const seen = new Set(rows.map((r) => r.id))
    const result: Record<Extension, boolean | null> = { broadcast: null, presence: null }
    for (const probe of probes) result[probe.extension] = seen.has(probe.id)
    return result
  })
}

const isInsufficientPrivilege = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42501'

/** Whether the caller may write `extension` on `topic` (INSERT policies). */
export function writeAuthorization(
  db: Database,
  caller: Caller,
  topic: string,
  extension: Extension,
): Promise<boolean> {
  return rolledBack(db, async (tx) => {
    await actAs(tx, caller, topic)
    try {
      await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension])
      return true
    } catch (error) {
      if (isInsufficientPrivilege(error)) return false
      throw error
    }
  })
}

/** What a channel needs for the checks below (kept structural to avoid an import cycle). */
interface PrivateChannel {
  name: string
  caller: Caller
  policies: ChannelPolicies | null
}

/**
 * Whether the channel's member may send a broadcast or track presence: always on a public
 * channel; on a private one the INSERT policies decide, checked once per token and remembered.
 * A failed check counts as a refusal (logged), as Supabase Realtime treats a policy error.
 */
export async function mayWrite(
  db: Database,
  logger: Logger,
  channel: PrivateChannel,
  extension: Extension,
): Promise<boolean> {
  const policies = channel.policies
  if (policies === null) return true
  const key = extension === 'broadcast' ? 'broadcastWrite' : 'presenceWrite'
  if (policies[key] === null) {
    try {
      policies[key] = await writeAuthorization(db, channel.caller, channel.name, extension)
    } catch (error) {
      logger.warn({ err: error, topic: channel.name }, 'realtime: write authorisation check failed')
      return false
    }
  }
  return policies[key] === true
}

/** Whether the error came from PostgreSQL itself (a policy that fails), not from reaching it. */
export const isDatabaseError = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code ?? ''))
