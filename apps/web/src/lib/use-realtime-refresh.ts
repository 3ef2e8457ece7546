import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { getSupabase } from './supabase-client'

export type LiveState = 'connecting' | 'live' | 'offline'

/**
 * Keeps queries current over realtime: any insert, update or delete on `table` that RLS lets the
 * signed-in user see invalidates `keys`, so the lists refetch. Returns whether the channel is live.
 */
export function useRealtimeRefresh(table: string, keys: QueryKey[]): LiveState {
  const client = useQueryClient()
  const [live, setLive] = useState<LiveState>('connecting')
  const keysJson = JSON.stringify(keys)
  useEffect(() => {
    const supabase = getSupabase()
    const invalidate = JSON.parse(keysJson) as QueryKey[]
    const channel = supabase
      .channel(`refresh-${table}-${Math.random().toString(36).slice(2)}`)
      .on('postgres_changes', { event: '*', schema: 'public', table }, () => {
        for (const queryKey of invalidate) void client.invalidateQueries({ queryKey })
      })
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') setLive('live')
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED')
          setLive('offline')
      })
    return () => {
      void supabase.removeChannel(channel)
    }
  }, [client, table, keysJson])
  return live
}
