import type { ErrorRecord } from '@genesis/contracts/monitoring'
import { MONITORING_LIMITS, truncate } from '@genesis/contracts/monitoring-limits'
import { MONITORING, MONITORING_PATHS } from './constants'
import type { SafeStorage } from './safe-storage'
import type { Transport } from './transport'

/** Who and where, filled in for each report. */
export interface ErrorContext {
  url: string | null
  userId: string | null
  tenantId: string | null
  sessionId: string
  userAgent: string | null
}

export interface ErrorReporterOptions {
  transport: Transport
  storage: SafeStorage
  context: () => ErrorContext
  now?: () => Date
  warn?: (message: string, detail?: unknown) => void
}

export interface ErrorReporter {
  /** Reports one error (the React error boundary passes its componentStack). Never throws. */
  report(error: unknown, extra?: { componentStack?: string | null }): Promise<void>
  /** Listens to window 'error' and 'unhandledrejection'; returns the function that stops listening. */
  install(target: Window): () => void
  /** Sends the reports kept under `genesis-errors`; those that fail again stay. */
  retryPending(): Promise<void>
  pendingCount(): number
}

/** The same error thrown in a render loop is reported a few times, not thousands. */
const MAX_REPEATS_PER_PAGE = 3

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) {
    return { message: error.message || error.name || 'Error', stack: error.stack ?? null }
  }
  if (typeof error === 'string') return { message: error || 'Error', stack: null }
  try {
    return { message: `Non-Error thrown: ${JSON.stringify(error)}`, stack: null }
  } catch {
    return { message: `Non-Error thrown: ${String(error)}`, stack: null }
  }
}

const identity = (r: ErrorRecord) => `${r.timestamp}\n${r.message}\n${r.sessionId ?? ''}`

function isStoredReport(value: unknown): value is ErrorRecord {
  if (typeof value !== 'object' || value === null) return false
  const message = 'message' in value ? value.message : undefined
  const timestamp = 'timestamp' in value ? value.timestamp : undefined
  return typeof message === 'string' && typeof timestamp === 'string'
}

/**
 * The error reporter of docs/product/site.md §8: global errors, unhandled rejections and the error boundary's
 * reports go to POST /api/monitoring/errors; when that fails they are kept locally under
 * `genesis-errors` (at most 50, oldest dropped) and sent again by `retryPending`.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const { transport, storage } = options
  const now = options.now ?? (() => new Date())
  const warn = options.warn ?? ((message: string, detail?: unknown) => console.warn(message, detail))
  const repeats = new Map<string, number>()
  let retrying: Promise<void> | undefined

  const readPending = (): ErrorRecord[] => {
    const stored = storage.read(MONITORING.errorsStorageKey)
    return Array.isArray(stored) ? stored.filter(isStoredReport) : []
  }
  const writePending = (reports: ErrorRecord[]) =>
    storage.write(MONITORING.errorsStorageKey, reports.slice(-MONITORING.maxStoredErrors))
  const keep = (report: ErrorRecord) => writePending([...readPending(), report])

  const build = (error: unknown, componentStack: string | null | undefined): ErrorRecord => {
    const ctx = options.context()
    const { message, stack } = describe(error)
    return {
      message: truncate(message, MONITORING_LIMITS.messageLength),
      stack: stack === null ? null : truncate(stack, MONITORING_LIMITS.stackLength),
      componentStack: componentStack ? truncate(componentStack, MONITORING_LIMITS.stackLength) : null,
      url: ctx.url === null ? null : truncate(ctx.url, MONITORING_LIMITS.urlLength),
      userId: ctx.userId,
      tenantId: ctx.tenantId,
      timestamp: now().toISOString(),
      userAgent: ctx.userAgent === null ? null : truncate(ctx.userAgent, MONITORING_LIMITS.userAgentLength),
      sessionId: ctx.sessionId,
    }
  }

  const report: ErrorReporter['report'] = async (error, extra = {}) => {
    try {
      const record = build(error, extra.componentStack)
      const key = `${record.message}\n${record.stack ?? ''}`
      const seen = (repeats.get(key) ?? 0) + 1
      repeats.set(key, seen)
      if (seen > MAX_REPEATS_PER_PAGE) return
      const outcome = await transport.post(MONITORING_PATHS.errors, record)
      if (outcome === 'retry') keep(record)
      else if (outcome === 'rejected') warn('Error report refused by the server', record.message)
    } catch (failure) {
      // The reporter must never become the next error.
      warn('Error report failed', failure)
    }
  }

  const retryNow = async () => {
    const pending = readPending()
    const delivered = new Set<string>()
    for (const record of pending) {
      const outcome = await transport.post(MONITORING_PATHS.errors, record)
      // Still unreachable: the rest would fail too, so stop and try again next time.
      if (outcome === 'retry') break
      // A refused report would be refused forever: drop it like a delivered one.
      delivered.add(identity(record))
    }
    // Re-read: a report may have been kept while this loop was sending.
    if (delivered.size > 0) writePending(readPending().filter((r) => !delivered.has(identity(r))))
  }

  return {
    report,
    install(target) {
      const onError = (event: ErrorEvent) => {
        void report(event.error ?? event.message)
      }
      const onRejection = (event: PromiseRejectionEvent) => {
        void report(event.reason)
      }
      target.addEventListener('error', onError)
      target.addEventListener('unhandledrejection', onRejection)
      return () => {
        target.removeEventListener('error', onError)
        target.removeEventListener('unhandledrejection', onRejection)
      }
    },
    retryPending() {
      if (!retrying) {
        retrying = retryNow()
          .catch((failure: unknown) => warn('Retrying error reports failed', failure))
          .finally(() => {
            retrying = undefined
          })
      }
      return retrying
    },
    pendingCount: () => readPending().length,
  }
}
