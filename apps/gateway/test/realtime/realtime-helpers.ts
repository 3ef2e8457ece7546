import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'

/** Waits until `check` returns a truthy value (polling), or fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false,
  timeoutMs = 8000,
): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Subscribes and resolves with the status the client reports (SUBSCRIBED, CHANNEL_ERROR, …). */
export function subscribe(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status !== 'SUBSCRIBED' && status !== 'CHANNEL_ERROR' && status !== 'TIMED_OUT') return
      resolve({ status, error })
    })
  })
}

export async function subscribed(channel: RealtimeChannel): Promise<void> {
  const { status, error } = await subscribe(channel)
  expect(status, error?.message).toBe('SUBSCRIBED')
}

/** Events of a postgres_changes binding, as the app's callback receives them. */
export interface ChangeEvent {
  eventType: string
  table: string
  schema: string
  new: Record<string, unknown>
  old: Record<string, unknown>
  commit_timestamp: string
  errors: unknown
}

export function watchChanges(
  client: SupabaseClient,
  name: string,
  filter: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema: string; table?: string; filter?: string },
): { channel: RealtimeChannel; events: ChangeEvent[] } {
  const events: ChangeEvent[] = []
  const channel = client
    .channel(name)
    .on('postgres_changes', filter, (payload) => events.push(payload as unknown as ChangeEvent))
  return { channel, events }
}
