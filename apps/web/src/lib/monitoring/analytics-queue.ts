import type { AnalyticsEvent } from '@genesis/contracts/monitoring'
import { MONITORING, MONITORING_PATHS } from './constants'
import type { SafeStorage } from './safe-storage'
import type { Transport } from './transport'

export interface AnalyticsQueueOptions {
  transport: Transport
  storage: SafeStorage
  isOnline: () => boolean
  warn?: (message: string, detail?: unknown) => void
}

export interface AnalyticsQueue {
  enqueue(event: AnalyticsEvent): void
  /** Sends everything queued; a failure warns and puts the events back. */
  flush(): Promise<void>
  /** For page unload: hands the queue to sendBeacon in chunks it accepts; what it refuses stays stored. */
  flushWithBeacon(): void
  pending(): readonly AnalyticsEvent[]
}

/** Events restored from storage were written by an earlier page, maybe an older build: check them. */
function isStoredEvent(value: unknown): value is AnalyticsEvent {
  if (typeof value !== 'object' || value === null) return false
  const name = 'name' in value ? value.name : undefined
  const timestamp = 'timestamp' in value ? value.timestamp : undefined
  return typeof name === 'string' && typeof timestamp === 'string'
}

/** Splits events into runs whose JSON stays under `maxBytes` (a single oversize event goes alone). */
function chunkBySize(events: AnalyticsEvent[], maxBytes: number): AnalyticsEvent[][] {
  const chunks: AnalyticsEvent[][] = []
  let current: AnalyticsEvent[] = []
  let size = 20
  for (const event of events) {
    const bytes = JSON.stringify(event).length + 1
    if (current.length > 0 && size + bytes > maxBytes) {
      chunks.push(current)
      current = []
      size = 20
    }
    current.push(event)
    size += bytes
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}

/**
 * The analytics queue of docs/product/site.md §9: events wait in memory and in localStorage (`genesis-analytics`,
 * at most 100, the oldest dropped) and leave in batches when the owner calls `flush` (every 30 s),
 * on their own once 10 or more are queued while online, or by beacon when the page goes away.
 * Nothing here throws into the app.
 */
export function createAnalyticsQueue(options: AnalyticsQueueOptions): AnalyticsQueue {
  const { transport, storage, isOnline } = options
  const warn = options.warn ?? ((message: string, detail?: unknown) => console.warn(message, detail))
  const stored = storage.read(MONITORING.analyticsStorageKey)
  let queue: AnalyticsEvent[] = Array.isArray(stored)
    ? stored.filter(isStoredEvent).slice(-MONITORING.maxStoredEvents)
    : []
  let inFlight: Promise<void> | undefined
  let sentLast = false

  const persist = () => storage.write(MONITORING.analyticsStorageKey, queue)
  const cap = (events: AnalyticsEvent[]) => events.slice(-MONITORING.maxStoredEvents)

  const sendNow = async (): Promise<void> => {
    const batch = queue
    if (batch.length === 0) return
    queue = []
    persist()
    const outcome = await transport.post(MONITORING_PATHS.analytics, { events: batch })
    sentLast = outcome === 'sent'
    if (outcome === 'sent') return
    if (outcome === 'rejected') {
      // The gateway will never take this batch; keeping it would block every later event.
      warn(`Analytics: the server refused ${batch.length} events; they are dropped`)
      return
    }
    warn(`Analytics: sending ${batch.length} events failed; they are queued again`)
    // Requeued ahead of anything tracked meanwhile, keeping order; the cap drops the oldest.
    queue = cap([...batch, ...queue])
    persist()
  }

  const flush = (): Promise<void> => {
    if (inFlight) return inFlight
    inFlight = sendNow()
      .catch((error: unknown) => warn('Analytics: flush failed', error))
      .finally(() => {
        inFlight = undefined
      })
      .then(() => {
        // Events tracked while the batch was on its way may have reached the threshold meanwhile.
        if (sentLast && queue.length >= MONITORING.flushThreshold && isOnline()) return flush()
      })
    return inFlight
  }

  return {
    enqueue(event) {
      queue = cap([...queue, event])
      persist()
      if (queue.length >= MONITORING.flushThreshold && isOnline()) void flush()
    },
    flush,
    flushWithBeacon() {
      if (queue.length === 0) return
      const chunks = chunkBySize(queue, MONITORING.beaconMaxBytes)
      let handedOver = 0
      for (const chunk of chunks) {
        if (!transport.beacon(MONITORING_PATHS.analytics, { events: chunk })) break
        handedOver += chunk.length
      }
      queue = queue.slice(handedOver)
      persist()
    },
    pending: () => queue,
  }
}
