/**
 * Limits and helpers of the monitoring payloads (docs/product/site.md §3, §7), kept free of zod so that the
 * browser's monitoring client can import them without pulling the schemas into every page.
 * The client truncates to these limits; the gateway refuses anything larger.
 */
export const MONITORING_LIMITS = {
  /** Events per POST /api/analytics/events; equals the client's local queue cap (docs/product/site.md §9). */
  eventsPerBatch: 100,
  nameLength: 100,
  urlLength: 2048,
  sessionIdLength: 100,
  userAgentLength: 512,
  messageLength: 2000,
  stackLength: 16_000,
  /** JSON-serialised size of an event's properties or an action's details. */
  detailsBytes: 4096,
  /** Whole request bodies, in bytes. */
  analyticsBodyBytes: 512 * 1024,
  errorBodyBytes: 64 * 1024,
  metricBodyBytes: 8 * 1024,
  actionBodyBytes: 8 * 1024,
} as const

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Cuts a string to `max` characters so a long error message is sent shortened, not refused. */
export function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`
}
