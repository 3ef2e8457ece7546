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
    const channel = client
      .channel(`public-${table}`)
      .on('postgres_changes', { event: '*', schema: 'public', table }, notify)
      // Also on every (re)subscription: a change made between the page's render and now, or
      // while the socket was away, is read again rather than missed.
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') notify()
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
