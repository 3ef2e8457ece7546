/** What became of one send: delivered, worth retrying later, or refused for good (bad payload). */
export type SendOutcome = 'sent' | 'retry' | 'rejected'

export interface Transport {
  /** POSTs JSON; never throws. */
  post(path: string, body: unknown): Promise<SendOutcome>
  /** Hands JSON to navigator.sendBeacon (survives page unload); false when the browser refused it. */
  beacon(path: string, body: unknown): boolean
}

export interface TransportOptions {
  /** Origin (and optional prefix) of the gateway; '' for the page's own origin. */
  endpointBase: string
  fetch?: typeof fetch
  sendBeacon?: (url: string, data: string) => boolean
}

/** keepalive requests share a 64 KiB budget per page; bigger bodies go without it. */
const KEEPALIVE_MAX_BYTES = 60 * 1024

/**
 * 429 and 5xx (and network failures) are transient: try again later. Any other 4xx means the
 * gateway will never accept this payload, so resending it would only block the queue behind it.
 */
function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'sent'
  if (status === 408 || status === 429 || status >= 500) return 'retry'
  return 'rejected'
}

export function createTransport(options: TransportOptions): Transport {
  const base = options.endpointBase.replace(/\/+$/, '')
  const doFetch = options.fetch ?? (typeof fetch === 'undefined' ? undefined : fetch.bind(globalThis))
  const sendBeacon =
    options.sendBeacon ??
    (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? (url: string, data: string) => navigator.sendBeacon(url, data)
      : undefined)
  return {
    async post(path, body) {
      if (!doFetch) return 'retry'
      try {
        const text = JSON.stringify(body)
        const response = await doFetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
          keepalive: text.length < KEEPALIVE_MAX_BYTES,
        })
        return outcomeOf(response.status)
      } catch {
        return 'retry'
      }
    },
    beacon(path, body) {
      if (!sendBeacon) return false
      try {
        // A string body goes out as text/plain: a CORS-simple request, no preflight during unload.
        return sendBeacon(`${base}${path}`, JSON.stringify(body))
      } catch {
        return false
      }
    },
  }
}
