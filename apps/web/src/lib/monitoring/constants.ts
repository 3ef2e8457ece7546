/** The monitoring constants of docs/product/site.md §9, written once. */
export const MONITORING = {
  /** The analytics queue is flushed on this interval… */
  flushIntervalMs: 30_000,
  /** …or as soon as this many events are queued while online… */
  flushThreshold: 10,
  /** …and at most this many are kept locally (the oldest are dropped). */
  maxStoredEvents: 100,
  analyticsStorageKey: 'genesis-analytics',
  /** Error reports that could not be sent are kept here for a later retry. */
  maxStoredErrors: 50,
  errorsStorageKey: 'genesis-errors',
  /** A resource that takes this long or longer is reported as a slow_resource metric. */
  slowResourceMs: 1000,
  /** Where the tenant portal keeps the signed-in tenant's id (docs/product/site.md §3 Tenant context). */
  tenantIdStorageKey: 'tenant_id',
  sessionIdStorageKey: 'genesis-session-id',
  /** sendBeacon refuses bodies over 64 KiB; stay under it with room for the wrapper. */
  beaconMaxBytes: 60 * 1024,
} as const

/** The four ingestion endpoints (docs/product/site.md §7), relative to the endpoint base. */
export const MONITORING_PATHS = {
  analytics: '/api/analytics/events',
  errors: '/api/monitoring/errors',
  metrics: '/api/monitoring/metrics',
  actions: '/api/monitoring/events',
} as const
