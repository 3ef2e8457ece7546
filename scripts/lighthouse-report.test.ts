import { describe, expect, it } from 'vitest'
import {
  assetPathsOf,
  calibratedCpuMultiplier,
  formatTable,
  medianRun,
  meetsTargets,
  storeSlug,
  summarise,
} from './lighthouse-report.ts'

const lhr = (scores: Record<string, number>, failing: Record<string, number> = {}) => ({
  categories: Object.fromEntries(
    Object.entries(scores).map(([id, score]) => [
      id,
      { score, auditRefs: Object.keys(failing).map((audit) => ({ id: audit, weight: 5 })) },
    ]),
  ),
  audits: Object.fromEntries(
    Object.entries(failing).map(([id, score]) => [
      id,
      { title: `Audit ${id}`, score, displayValue: '1.2 s' },
    ]),
  ),
})

describe('Lighthouse report', () => {
  it('rounds scores and lists the audits that cost points only where a category misses its target', () => {
    const result = summarise(
      '/',
      lhr(
        { performance: 0.874, accessibility: 0.96, 'best-practices': 1, seo: 1 },
        { 'largest-contentful-paint': 0.4, 'render-blocking': 0.9 },
      ),
    )
    expect(result.scores).toEqual({ performance: 87, accessibility: 96, 'best-practices': 100, seo: 100 })
    expect(Object.keys(result.shortfalls)).toEqual(['performance'])
    expect(result.shortfalls.performance?.map((a) => a.id)).toEqual([
      'largest-contentful-paint',
      'render-blocking',
    ])
    expect(meetsTargets([result])).toBe(false)
    expect(formatTable([result])).toContain('87 ✗')
  })

  it('passes when every page reaches every target (SEO must be 100)', () => {
    const ok = summarise('/', lhr({ performance: 0.9, accessibility: 0.95, 'best-practices': 0.95, seo: 1 }))
    const seo99 = summarise(
      '/stores',
      lhr({ performance: 1, accessibility: 1, 'best-practices': 1, seo: 0.99 }),
    )
    expect(meetsTargets([ok])).toBe(true)
    expect(meetsTargets([ok, seo99])).toBe(false)
  })

  it('judges a portal page by its own targets: accessibility 100, performance 90, SEO not judged (noindex)', () => {
    const dashboard = summarise(
      '/tenant/dashboard',
      lhr({ performance: 0.92, accessibility: 1, 'best-practices': 1, seo: 0.58 }, { 'is-crawlable': 0 }),
    )
    expect(dashboard.shortfalls).toEqual({})
    expect(meetsTargets([dashboard])).toBe(true)
    expect(formatTable([dashboard])).toContain('58 (not judged)')
    const a11y99 = summarise(
      '/tenant/dashboard',
      lhr({ performance: 1, accessibility: 0.99, 'best-practices': 1, seo: 1 }, { 'color-contrast': 0 }),
    )
    expect(Object.keys(a11y99.shortfalls)).toEqual(['accessibility'])
    expect(meetsTargets([a11y99])).toBe(false)
    expect(formatTable([a11y99])).toContain('99 ✗ (≥100)')
  })

  it('fails a signed-in page that ended somewhere else (its login), whatever it scored', () => {
    const result = summarise('/tenant/dashboard', {
      ...lhr({ performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 }),
      finalDisplayedUrl: 'http://127.0.0.1:4000/tenant/login?next=%2Ftenant%2Fdashboard',
    })
    expect(result.redirectedTo).toContain('/tenant/login')
    expect(meetsTargets([result])).toBe(false)
    expect(formatTable([result])).toContain('ended on')
    const stayed = summarise('/tenant/dashboard', {
      ...lhr({ performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 }),
      finalDisplayedUrl: 'http://127.0.0.1:4000/tenant/dashboard',
    })
    expect(stayed.redirectedTo).toBeUndefined()
  })

  it('takes the run with the median performance score', () => {
    const run = (performance: number) =>
      summarise('/', lhr({ performance, accessibility: 1, 'best-practices': 1, seo: 1 }))
    expect(medianRun([run(0.91), run(0.72), run(0.88)]).scores.performance).toBe(88)
    expect(medianRun([run(0.5)]).scores.performance).toBe(50)
    expect(() => medianRun([])).toThrow()
  })

  it('refuses a report that is not a Lighthouse result', () => {
    expect(() => summarise('/', { hello: 'world' })).toThrow()
  })

  it('builds store slugs by the spec rule', () => {
    expect(storeSlug('Karoo Butchery & Deli')).toBe('karoo-butchery-and-deli')
    expect(storeSlug('  --Mr. Price!! ')).toBe('mr-price')
  })

  it('fits the CPU slowdown to the host: ×4 on a fast host, less on a slow one, never below ×1', () => {
    expect(calibratedCpuMultiplier(1056)).toBe(4)
    expect(calibratedCpuMultiplier(528)).toBe(2)
    expect(calibratedCpuMultiplier(150)).toBe(1)
  })

  it('keeps the host benchmark index of the run', () => {
    const result = summarise('/', {
      ...lhr({ performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 }),
      environment: { benchmarkIndex: 874.5 },
    })
    expect(result.benchmarkIndex).toBe(875)
  })

  it("names a run's saved trace and DevTools log as Lighthouse's CLI writes them beside the report", () => {
    expect(assetPathsOf('.data/lighthouse/tenant-dashboard.run2.report.json')).toEqual({
      trace: '.data/lighthouse/tenant-dashboard.run2.report-0.trace.json',
      devtoolsLog: '.data/lighthouse/tenant-dashboard.run2.report-0.devtoolslog.json',
    })
    expect(assetPathsOf('home.report.json').trace).toBe('home.report-0.trace.json')
  })
})
