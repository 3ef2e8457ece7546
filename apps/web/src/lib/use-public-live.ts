import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { env } from '../config/env'
import { backendUrl } from './backend'

/**
 * Keeps a public page's query current without a reload: once the page has loaded and the browser
 * is idle, the realtime client is fetched (`public-realtime.ts`, its own chunk, outside the first
 * paint's JavaScript budget) and every change of `table` a visitor may read invalidates `key`.
 */
export function usePublicLive(table: string, key: QueryKey): void {
  const client = useQueryClient()
  const keyJson = JSON.stringify(key)
  useEffect(() => {
    let stop: (() => void) | undefined
    let cancelled = false
    const start = () => {
      void import('./public-realtime').then(({ listenToTable }) => {
        if (cancelled) return
        stop = listenToTable({ url: backendUrl(), anonKey: env().anonKey }, table, () => {
          void client.invalidateQueries({ queryKey: JSON.parse(keyJson) as QueryKey })
        })
      })
    }
    const whenIdle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(start, { timeout: 2000 })
        : setTimeout(start, 1)
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', whenIdle)
      stop?.()
    }
  }, [client, table, keyJson])
}
