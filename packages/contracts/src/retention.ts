/**
 * How long personal information is kept by default (POPIA s14), in days: the gateway's retention
 * job uses these unless RETENTION_*_DAYS says otherwise, and the privacy notice states them.
 */
export const RETENTION_DEFAULT_DAYS = {
  enquiries: 730,
  monitoring_events: 180,
  monitoring_errors: 90,
  mail_bodies: 30,
  audit_trail: 1825,
  /** Newsletter sign-ups never confirmed (double opt-in), counted from the last request. */
  unconfirmed_subscribers: 30,
} as const

/** "2 years", "6 months", "30 days": a period as the notice words it. */
export function retentionPeriod(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`
  if (days % 30 === 0 && days >= 60) return `${days / 30} months`
  return days === 1 ? '1 day' : `${days} days`
}
