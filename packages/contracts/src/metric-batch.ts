/**
 * The limits of a batch of metrics in one POST /api/monitoring/metrics (decision 047), kept in a
 * module of their own: the web app's metrics collector (a chunk loaded after the page) imports
 * them, and nothing every page needs grows by them. The client splits its queue to them, the
 * gateway refuses anything larger.
 */
export const METRIC_BATCH_LIMITS = {
  /** Metrics per request. */
  metrics: 50,
  /** Bytes of the request body: what one beacon carries, with room to spare. */
  bodyBytes: 60 * 1024,
} as const
