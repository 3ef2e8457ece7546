import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

/** The periods the Monitoring screen offers (`?period=`), with their length. */
export const PERIODS = {
  '24h': { label: 'Last 24 hours', days: 1 },
  '7d': { label: 'Last 7 days', days: 7 },
  '30d': { label: 'Last 30 days', days: 30 },
} as const
export type Period = keyof typeof PERIODS
export const isPeriod = (v: string | null): v is Period => v !== null && v in PERIODS

/** What every report is filtered by (kept in the URL). */
export interface MonitoringFilters {
  period: Period
  /** Part of a page path ('/stores'), '' for every page. */
  page: string
  /** Part of an error message, '' for every error. */
  q: string
}

const count = z.union([z.number(), z.string()]).transform(Number)
const num = z.union([z.number(), z.string()]).transform(Number)

export const TopPageSchema = z.object({
  path: z.string(),
  views: count,
  sessions: count,
  last_viewed: z.string(),
})
export const VitalSchema = z.object({ path: z.string(), metric: z.string(), p75: num, samples: count })
export const ErrorGroupSchema = z.object({
  message: z.string(),
  occurrences: count,
  pages: count,
  first_seen: z.string(),
  last_seen: z.string(),
  sample_stack: z.string().nullable(),
  sample_url: z.string().nullable(),
})
export const SlowResourceSchema = z.object({
  resource: z.string(),
  occurrences: count,
  p75_ms: num,
  worst_ms: num,
  last_seen: z.string(),
})
export type TopPage = z.infer<typeof TopPageSchema>
export type Vital = z.infer<typeof VitalSchema>
export type ErrorGroup = z.infer<typeof ErrorGroupSchema>
export type SlowResource = z.infer<typeof SlowResourceSchema>

/** The start of the period, rounded down to the minute so that the same filters share a cache entry. */
export function sinceOf(period: Period, now = Date.now()): string {
  const start = now - PERIODS[period].days * 86_400_000
  return new Date(Math.floor(start / 60_000) * 60_000).toISOString()
}

async function report<T>(fn: string, args: Record<string, unknown>, schema: z.ZodType<T>): Promise<T[]> {
  const { data, error } = await getSupabase().rpc(fn, args)
  if (error) throw error
  return z.array(schema).parse(data)
}

const keyOf = (name: string, f: MonitoringFilters) =>
  ['admin', 'monitoring', name, f.period, f.page, f.q] as const

/** Page views and sessions per page (RPC `monitoring_top_pages`, migration 20261124310000). */
export function useTopPages(f: MonitoringFilters) {
  return useQuery({
    queryKey: keyOf('top-pages', f),
    queryFn: () =>
      report(
        'monitoring_top_pages',
        { since: sinceOf(f.period), page: f.page || null, max_rows: 20 },
        TopPageSchema,
      ),
  })
}

/** 75th percentiles of the Web Vitals per page (RPC `monitoring_vitals`). */
export function useVitals(f: MonitoringFilters) {
  return useQuery({
    queryKey: keyOf('vitals', f),
    queryFn: () =>
      report('monitoring_vitals', { since: sinceOf(f.period), page: f.page || null }, VitalSchema),
  })
}

/** Errors grouped by message (RPC `monitoring_error_groups`). */
export function useErrorGroups(f: MonitoringFilters) {
  return useQuery({
    queryKey: keyOf('errors', f),
    queryFn: () =>
      report(
        'monitoring_error_groups',
        { since: sinceOf(f.period), page: f.page || null, search: f.q || null, max_rows: 50 },
        ErrorGroupSchema,
      ),
  })
}

/** Resources that took a second or more (RPC `monitoring_slow_resources`). */
export function useSlowResources(f: MonitoringFilters) {
  return useQuery({
    queryKey: keyOf('slow-resources', f),
    queryFn: () =>
      report('monitoring_slow_resources', { since: sinceOf(f.period), max_rows: 20 }, SlowResourceSchema),
  })
}

/** Google's thresholds for "good" and "poor" at the 75th percentile (web.dev/articles/vitals). */
export const VITALS = {
  lcp: { label: 'LCP', unit: 'ms', good: 2500, poor: 4000 },
  inp: { label: 'INP', unit: 'ms', good: 200, poor: 500 },
  cls: { label: 'CLS', unit: '', good: 0.1, poor: 0.25 },
  fcp: { label: 'FCP', unit: 'ms', good: 1800, poor: 3000 },
  ttfb: { label: 'TTFB', unit: 'ms', good: 800, poor: 1800 },
} as const
export type VitalName = keyof typeof VITALS

export type Rating = 'good' | 'needs-improvement' | 'poor'
export function rate(metric: VitalName, p75: number): Rating {
  const t = VITALS[metric]
  return p75 <= t.good ? 'good' : p75 <= t.poor ? 'needs-improvement' : 'poor'
}

/** The vitals as one row per page, in the order of VITALS. */
export function vitalsByPage(rows: Vital[]): { path: string; values: Partial<Record<VitalName, Vital>> }[] {
  const pages = new Map<string, Partial<Record<VitalName, Vital>>>()
  for (const r of rows) {
    if (!(r.metric in VITALS)) continue
    const values = pages.get(r.path) ?? {}
    values[r.metric as VitalName] = r
    pages.set(r.path, values)
  }
  return [...pages.entries()].map(([path, values]) => ({ path, values }))
}
