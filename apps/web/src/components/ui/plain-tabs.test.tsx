import '../../testing/setup'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { PlainTabs, TabsPanel } from './plain-tabs'

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'statements', label: 'Statements' },
  { id: 'account', label: 'Account' },
] as const
type Id = (typeof TABS)[number]['id']

function Page({ onCommit, initial = 'overview' }: { onCommit?: () => void; initial?: Id }) {
  const [tab, setTab] = useState<Id>(initial)
  return (
    <Profiler id="tabs" onRender={() => onCommit?.()}>
      <PlainTabs base="t" label="Sections" tabs={TABS} value={tab} onValueChange={setTab} />
      {TABS.map((t) => (
        <TabsPanel key={t.id} base="t" value={t.id} selected={tab === t.id}>
          <p>{t.label} content</p>
        </TabsPanel>
      ))}
    </Profiler>
  )
}

describe('the plain tabs (the dashboard: tabs without Radix, panels without Presence)', () => {
  it('are a labelled tab list whose open tab alone is in the tab order and names its panel', () => {
    render(<Page initial="statements" />)
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false'])
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0, -1])
    expect(tabs[1].getAttribute('data-state')).toBe('active')
    const panel = screen.getByRole('tabpanel', { name: 'Statements' })
    expect(tabs[1].getAttribute('aria-controls')).toBe(panel.id)
    expect(panel.textContent).toBe('Statements content')
    // The other panels are empty and hidden, as Radix draws them.
    expect(screen.queryByText('Overview content')).toBeNull()
    expect(document.getElementById('t-panel-overview')?.hidden).toBe(true)
  })

  it('move and open with the arrow keys (wrapping), Home and End, and open on a click', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' }))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Statements' }))
    expect(screen.getByRole('tabpanel', { name: 'Statements' })).toBeTruthy()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBe(document.activeElement)
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Account', selected: true })).toBe(document.activeElement)
    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBe(document.activeElement)
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Account', selected: true })).toBe(document.activeElement)
    await user.click(screen.getByRole('tab', { name: 'Statements' }))
    expect(screen.getByText('Statements content')).toBeTruthy()
  })

  it('draw in one commit without reading computed styles (no Presence)', () => {
    const styles = vi.spyOn(window, 'getComputedStyle')
    const onCommit = vi.fn()
    act(() => {
      render(<Page onCommit={onCommit} />)
    })
    expect(onCommit).toHaveBeenCalledTimes(1)
    expect(styles).not.toHaveBeenCalled()
    styles.mockRestore()
  })
})
