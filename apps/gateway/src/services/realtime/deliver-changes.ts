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
 * if PostgreSQL says the channel's caller may see it (check-visibility.ts, one transaction per
 * distinct set of claims). Payload shape: supabase-protocol.md §6.5.
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

  const groups = new Map<string, { channel: Channel; changes: Map<number, Change> }>()
  for (const d of deliveries) {
    const group = groups.get(d.channel.claimsKey) ?? { channel: d.channel, changes: new Map() }
    group.changes.set(d.change.id, d.change)
    groups.set(d.channel.claimsKey, group)
  }
  const visibleByClaims = new Map<string, Set<number>>()
  for (const [claimsKey, group] of groups) {
    try {
      visibleByClaims.set(
        claimsKey,
        await checkVisibility(hub.deps.db, group.channel.caller, [...group.changes.values()], tables),
      )
    } catch (error) {
      hub.deps.logger.error({ err: error }, 'realtime: RLS check failed; changes withheld')
      visibleByClaims.set(claimsKey, new Set())
    }
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
