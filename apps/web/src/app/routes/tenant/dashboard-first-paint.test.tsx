import '../../../testing/setup'
import { describe, expect, it } from 'vitest'
import { renderTenantDashboardFirstPaint } from './dashboard-first-paint'

/** The served first paint is the app's first frame too (decision 041): what it costs the browser. */
function firstPaint() {
  const doc = document.implementation.createHTMLDocument('')
  doc.body.innerHTML = renderTenantDashboardFirstPaint()
  return doc
}

const cardOf = (doc: Document, heading: string) =>
  [...doc.querySelectorAll('h2')].find((h) => h.textContent?.includes(heading))?.closest('.rounded-2xl')

describe("the tenant dashboard's first paint (decision 050)", () => {
  it('leaves the style, layout and paint of the cards below a phone’s first screen to the browser’s choice', () => {
    const doc = firstPaint()
    for (const below of ['Power and trading status', 'Notices']) {
      expect(cardOf(doc, below)?.className, below).toContain('[content-visibility:auto]')
    }
    for (const above of ['Balance due', 'Lease summary']) {
      expect(cardOf(doc, above)?.className, above).not.toContain('content-visibility')
    }
  })

  it('draws plain tabs (no Radix roving-focus items) and only the open panel’s content', () => {
    const doc = firstPaint()
    const tabs = [...doc.querySelectorAll('[role="tab"]')]
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Overview',
      'Statements',
      'My listing',
      "What's on",
      'Maintenance',
      'Account',
    ])
    expect(doc.querySelectorAll('[data-radix-collection-item]')).toHaveLength(0)
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1'])
    const panels = [...doc.querySelectorAll('[role="tabpanel"]')]
    expect(panels.filter((p) => !p.hasAttribute('hidden')).map((p) => p.id)).toEqual([
      'dashboard-panel-overview',
    ])
    expect(panels.filter((p) => p.hasAttribute('hidden')).every((p) => p.childElementCount === 0)).toBe(true)
    expect(tabs[0].getAttribute('aria-controls')).toBe('dashboard-panel-overview')
  })

  it('keeps its loading blocks still and tells the loading state by aria-busy (decision 056)', () => {
    const doc = firstPaint()
    // An endless animation has a frame drawn every 16 ms until the answers replace the blocks.
    const moving = [...doc.querySelectorAll('[class*="animate-"]')].map((e) => e.className)
    expect(moving).toEqual([])
    const busy = doc.querySelectorAll('[aria-busy="true"]')
    expect(busy.length).toBeGreaterThan(0)
    for (const region of busy) expect(region.querySelector('.bg-stone-200')).not.toBeNull()
  })
})
