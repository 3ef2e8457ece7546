import { z } from 'zod'

/** The budgets of issue 5: Lighthouse mobile scores (0–100) each public page must reach. */
export const LIGHTHOUSE_TARGETS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 100,
} as const
export type Category = keyof typeof LIGHTHOUSE_TARGETS
export const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS) as Category[]

/**
 * The budgets of issue 12 for the signed-in portal pages (`/tenant/*`, `/admin/*`): accessibility
 * 100 and performance ≥ 90. SEO is reported but not judged: those pages are `noindex` on purpose,
 * which Lighthouse's SEO category counts against them.
 */
export const PORTAL_TARGETS: Record<Category, number | null> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 95,
  seo: null,
}

/**
 * Headless Chromium as Puppeteer and Playwright launch it (both add `--hide-scrollbars` in headless
 * mode; our browser stories run so). With the phone emulation's overlay scrollbars, Chromium flashes
 * the page's scrollbar after load and fades it out at 60 frames a second for some 300 ms. A phone
 * composites that on its GPU; this VM has none, so its GPU process draws each frame in software
 * (~8 ms of CPU a frame), on one of the two cores the page's own start runs on, and Lighthouse
 * counts the page's tasks it slows. Decision 059 has the measurements; `npm run lighthouse --
 * --scrollbars` keeps them.
 */
export const LAB_FLAGS = ['--hide-scrollbars']

/** True for the pages only a signed-in user sees (audited with a session, see scripts/lighthouse.ts). */
export const isPortalPath = (path: string) => /^\/(tenant|admin)\//.test(path)

/** The score each category of this page must reach, or null where it is not judged. */
export function targetsFor(path: string): Record<Category, number | null> {
  return isPortalPath(path) ? PORTAL_TARGETS : LIGHTHOUSE_TARGETS
}

/** The part of a Lighthouse JSON report (LHR) this script reads, parsed rather than trusted. */
const LhrSchema = z.object({
  finalDisplayedUrl: z.string().optional(),
  environment: z.object({ benchmarkIndex: z.number().optional() }).optional(),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  categories: z.record(
    z.string(),
    z.object({
      score: z.number().nullable(),
      auditRefs: z.array(z.object({ id: z.string(), weight: z.number() })),
    }),
  ),
  audits: z.record(
    z.string(),
    z.object({
      title: z.string(),
      score: z.number().nullable(),
      scoreDisplayMode: z.string().optional(),
      displayValue: z.string().optional(),
    }),
  ),
})

export interface PageResult {
  path: string
  /** Lighthouse's measure of the host's CPU speed during the run (a Pixel 5-class device is ~1000). */
  benchmarkIndex?: number
  scores: Record<Category, number | null>
  /** Per category below its target: the audits that cost points, heaviest first. */
  shortfalls: Partial<Record<Category, { id: string; title: string; score: number; displayValue?: string }[]>>
  error?: string
  /** The page Lighthouse ended on, when it is not the one asked for (a signed-in page sent to its login). */
  redirectedTo?: string
}

/** Scores as whole numbers and, for categories under target, the failing weighted audits. */
export function summarise(path: string, lhrJson: unknown): PageResult {
  const lhr = LhrSchema.parse(lhrJson)
  const scores = {} as Record<Category, number | null>
  const shortfalls: PageResult['shortfalls'] = {}
  for (const category of CATEGORIES) {
    const c = lhr.categories[category]
    const score = c?.score == null ? null : Math.round(c.score * 100)
    scores[category] = score
    const target = targetsFor(path)[category]
    if (!c || target === null || (score !== null && score >= target)) continue
    shortfalls[category] = c.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
      .sort((a, b) => b.ref.weight * (1 - (b.audit.score ?? 0)) - a.ref.weight * (1 - (a.audit.score ?? 0)))
      .map(({ ref, audit }) => ({
        id: ref.id,
        title: audit.title,
        score: audit.score ?? 0,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      }))
  }
  return {
    path,
    scores,
    shortfalls,
    ...(lhr.environment?.benchmarkIndex
      ? { benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) }
      : {}),
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
    ...(redirectedTo(path, lhr.finalDisplayedUrl) ? { redirectedTo: lhr.finalDisplayedUrl } : {}),
  }
}

/** The final URL when its path differs from the audited path (query and fragment aside). */
function redirectedTo(path: string, finalUrl: string | undefined): boolean {
  if (!finalUrl) return false
  try {
    return new URL(finalUrl).pathname !== new URL(path, 'http://x').pathname
  } catch {
    return false
  }
}

/**
 * The run whose performance score is the median of several runs of one page (Lighthouse's own
 * advice for a noisy host); with an even count, the lower middle. Runs without a score sort last.
 */
export function medianRun(runs: PageResult[]): PageResult {
  if (runs.length === 0) throw new Error('no Lighthouse runs to take the median of')
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1))
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/**
 * The mobile preset's ×4 CPU slowdown assumes a fast desktop host. Chrome DevTools' CPU calibration
 * targets a low-tier phone at benchmarkIndex 264 (a Moto G Power class device): the multiplier that
 * brings this host down to that device is its index over 264, never below 1. On a shared, busy
 * machine the index drops and ×4 models a phone several times slower than the one intended.
 */
export function calibratedCpuMultiplier(benchmarkIndex: number): number {
  return Math.max(1, Math.round((benchmarkIndex / 264) * 10) / 10)
}

/** True when every judged category of every page reached its target on the page that was asked for. */
export function meetsTargets(results: PageResult[]): boolean {
  return results.every(
    (r) =>
      !r.redirectedTo &&
      CATEGORIES.every((c) => {
        const target = targetsFor(r.path)[c]
        return target === null || (r.scores[c] !== null && (r.scores[c] ?? 0) >= target)
      }),
  )
}

/** The spec's slug rule (docs/product/site.md §2): lowercase, & → 'and', other non-alphanumerics → '-', trimmed. */
export function storeSlug(tradingName: string): string {
  return tradingName
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * A fixed-width table of the scores with the public pages' targets in the header; a portal page's
 * own target follows its score where it differs ('100 (≥100)'), and '(not judged)' where there is none.
 */
export function formatTable(results: PageResult[]): string {
  const head = ['page', ...CATEGORIES.map((c) => `${c} (≥${LIGHTHOUSE_TARGETS[c]})`)]
  const rows = results.map((r) => [
    r.redirectedTo ? `${r.path} ✗ ended on ${r.redirectedTo}` : r.path,
    ...CATEGORIES.map((c) => {
      const s = r.scores[c]
      const target = targetsFor(r.path)[c]
      const own = target === LIGHTHOUSE_TARGETS[c] ? '' : target === null ? ' (not judged)' : ` (≥${target})`
      if (s === null) return `n/a${own}`
      return `${s}${target === null || s >= target ? '' : ' ✗'}${own}`
    }),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)))
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ')
  return [line(head), ...rows.map(line)].join('\n')
}

/**
 * Where Lighthouse's CLI writes a run's trace and DevTools log with `--save-assets`: beside the
 * report, named after it without its extension (`dashboard.run1.report.json` →
 * `dashboard.run1.report-0.trace.json`; the `-0` is the first and only navigation). The trace holds
 * every thread of every Chrome process of the run (renderer, GPU process's compositor, browser).
 */
export function assetPathsOf(reportPath: string): { trace: string; devtoolsLog: string } {
  const base = reportPath.replace(/\.\w{2,4}$/, '')
  return { trace: `${base}-0.trace.json`, devtoolsLog: `${base}-0.devtoolslog.json` }
}
