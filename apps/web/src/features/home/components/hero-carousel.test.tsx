import '../../../testing/setup'
import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../testing/render'
import { HERO_INTERVAL_MS, HeroCarousel } from './hero-carousel'

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

const dot = (n: number) => screen.getByRole('button', { name: `Show image ${n} of 2` })

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the home hero', () => {
  it('rotates its two images every 5 seconds and the dots select one', () => {
    prefersReducedMotion(false)
    vi.useFakeTimers()
    renderWithProviders(<HeroCarousel title="Welcome" subtitle="Hello" />)
    expect(HERO_INTERVAL_MS).toBe(5000)
    expect(dot(1)).toHaveAttribute('aria-current', 'true')
    act(() => vi.advanceTimersByTime(4999))
    expect(dot(1)).toHaveAttribute('aria-current', 'true')
    act(() => vi.advanceTimersByTime(1))
    expect(dot(2)).toHaveAttribute('aria-current', 'true')
    act(() => vi.advanceTimersByTime(5000))
    expect(dot(1)).toHaveAttribute('aria-current', 'true')
    fireEvent.click(dot(2))
    expect(dot(2)).toHaveAttribute('aria-current', 'true')
    expect(screen.getByRole('link', { name: /Explore Stores/ })).toHaveAttribute('href', '/stores')
  })

  it('can be paused', () => {
    prefersReducedMotion(false)
    vi.useFakeTimers()
    renderWithProviders(<HeroCarousel title="Welcome" subtitle="Hello" />)
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    act(() => vi.advanceTimersByTime(20_000))
    expect(dot(1)).toHaveAttribute('aria-current', 'true')
  })

  it('does not rotate for visitors who prefer reduced motion', () => {
    prefersReducedMotion(true)
    vi.useFakeTimers()
    renderWithProviders(<HeroCarousel title="Welcome" subtitle="Hello" />)
    act(() => vi.advanceTimersByTime(20_000))
    expect(dot(1)).toHaveAttribute('aria-current', 'true')
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument()
  })
})
