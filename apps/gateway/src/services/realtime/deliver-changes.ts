import type { Change } from './change-feed.ts'
import type { Channel } from './channel.ts'
import { checkVisibility } from './check-visibility.ts'
import { matchesFilter } from './match-filter.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import type { TableInfo } from './table-columns.ts'

interface Delivery {
  change: Change
  channel: Channel
  ids: number[]
}

/**
 * Sends a batch of row changes (in commit order) to the channels subscribed to them, each only
 * if PostgreSQL, acting as the channel's caller, says it may see it (check-visibility.ts).
 * Payload shape: docs/protocol/realtime.md §6.5.
 */
export async function deliverChanges(hub: RealtimeHub, changes: Change[]): Promise<void> {
  if (hub.changeChannels.size === 0) return
  const tables = new Map<string, TableInfo>()
  const deliveries: Delivery[] = []
  for (const change of changes) {
    const key = `${change.schema_name}.${change.table_name}`
    let info = tables.get(key)
    if (!info) {
      const found = await hub.tables.get(change.schema_name, change.table_name)
      if (!found) continue
      info = found
      tables.set(key, info)
    }
    const row = change.type === 'DELETE' ? change.old_record : change.record
    for (const channel of hub.changeChannels) {
      const ids: number[] = []
      for (const binding of channel.bindings) {
        if (binding.schema !== change.schema_name) continue
        if (binding.table !== null && binding.table !== change.table_name) continue
        if (binding.event !== '*' && binding.event !== change.type) continue
        if (binding.filter) {
          const type = info.typeOf.get(binding.filter.column)
          if (!row || !type || !matchesFilter(binding.filter, row, type)) continue
        }
        ids.push(binding.id)
      }
      if (ids.length > 0) deliveries.push({ change, channel, ids })
    }
  }
  if (deliveries.length === 0) return

  // Subscribers with the same claims share one answer; one statement per table answers for all.
  const callers = new Map<string, Channel['caller']>()
  const pending = new Map<number, Change>()
  for (const d of deliveries) {
    callers.set(d.channel.claimsKey, d.channel.caller)
    pending.set(d.change.id, d.change)
  }
  const visibleByClaims = new Map<string, Set<number>>()
  try {
    const keys = [...callers.keys()]
    const results = await checkVisibility(hub.deps.db, [...callers.values()], [...pending.values()], tables)
    for (const [i, key] of keys.entries()) visibleByClaims.set(key, results[i] ?? new Set())
  } catch (error) {
    // Fail closed: nothing is sent when PostgreSQL could not say who may see it.
    hub.deps.logger.error({ err: error }, 'realtime: RLS check failed; changes withheld')
  }

  for (const { change, channel, ids } of deliveries) {
    // The claims may have changed (access_token) while the check ran: then send nothing.
    if (!hub.changeChannels.has(channel) || !visibleByClaims.get(channel.claimsKey)?.has(change.id)) continue
    const info = tables.get(`${change.schema_name}.${change.table_name}`)
    const data: Record<string, unknown> = {
      schema: change.schema_name,
      table: change.table_name,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
      columns: info?.columns ?? [],
      errors: null,
    }
    if (change.type !== 'DELETE') data.record = change.record
    if (change.type !== 'INSERT') data.old_record = change.old_record
    channel.connection.push({
      joinRef: null,
      ref: null,
      topic: channel.topic,
      event: 'postgres_changes',
      payload: { ids, data },
    })
  }
}
