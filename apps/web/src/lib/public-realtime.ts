import { RealtimeClient } from '@supabase/realtime-js'

/**
 * The realtime socket of the public pages (loaded by `use-public-live.ts` after the first paint,
 * never on it; it imports nothing else of the app, so loading it fetches only itself):
 * `@supabase/realtime-js`, configured as supabase-js configures it for a visitor
 * without a session (anon key as `apikey` and as the token), so RLS decides what arrives exactly
 * as for the pages' REST reads (decision 006). One socket and one channel per table for the page,
 * however many components listen.
 */
let client: RealtimeClient | undefined
const channels = new Map<string, { listeners: Set<() => void>; close: () => void }>()

export function listenToTable(
  backend: { url: string; anonKey: string },
  table: string,
  onChange: () => void,
): () => void {
  client ??= new RealtimeClient(`${backend.url.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: backend.anonKey },
    accessToken: async () => backend.anonKey,
  })
  let entry = channels.get(table)
  if (!entry) {
    const listeners = new Set<() => void>()
    const notify = () => {
      for (const listener of listeners) listener()
    }
    let subscribedBefore = false
    const channel = client
      .channel(`public-${table}`)
      .on('postgres_changes', { event: '*', schema: 'public', table }, notify)
      // On a subscription after a lost connection, read again what may have changed meanwhile.
      // Not on the first: the page was served with rows at most a second old (decision 016) and
      // reading them again at once would fetch the handed-over data twice; a change made in the
      // few seconds before the first subscription shows with the next change or visit.
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return
        if (subscribedBefore) notify()
        subscribedBefore = true
      })
    const active = client
    entry = { listeners, close: () => void active.removeChannel(channel) }
    channels.set(table, entry)
  }
  const current = entry
  current.listeners.add(onChange)
  return () => {
    current.listeners.delete(onChange)
    if (current.listeners.size === 0) {
      current.close()
      channels.delete(table)
    }
  }
}
