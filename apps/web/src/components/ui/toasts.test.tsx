import '../../testing/setup'
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Each test takes a fresh copy of the module: whether sonner has been asked for is module state.
const freshToasts = () => import('./toasts')

describe('toasts', () => {
  beforeEach(() => vi.resetModules())
  afterEach(() => {
    vi.doUnmock('sonner')
  })

  it('draws nothing until the first toast, then shows it with its description', async () => {
    const { ToastHost, notify } = await freshToasts()
    const { container } = render(<ToastHost />)
    expect(container).toBeEmptyDOMElement()
    notify.success('Successfully subscribed!', { description: 'Thank you for subscribing.' })
    expect(await screen.findByText('Successfully subscribed!')).toBeVisible()
    expect(screen.getByText('Thank you for subscribing.')).toBeVisible()
  })

  it('tells the visitor the outcome in an alert when the toast library cannot be fetched', async () => {
    vi.doMock('sonner', () => {
      throw new Error('offline')
    })
    const alert = vi.fn()
    // happy-dom has no alert(): give the window one for this test.
    Object.defineProperty(window, 'alert', { configurable: true, value: alert })
    try {
      const { notify } = await freshToasts()
      notify.error('Subscription failed', { description: 'Please try again.' })
      await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Subscription failed\nPlease try again.'))
    } finally {
      Reflect.deleteProperty(window, 'alert')
    }
  })

  it('draws success and error toasts with text at least 4.5:1 against their background (WCAG AA)', async () => {
    const { TOAST_COLOURS } = await freshToasts()
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const ratio = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return (hi + 0.05) / (lo + 0.05)
    }
    expect(ratio(TOAST_COLOURS['--success-text'], TOAST_COLOURS['--success-bg'])).toBeGreaterThanOrEqual(4.5)
    expect(ratio(TOAST_COLOURS['--error-text'], TOAST_COLOURS['--error-bg'])).toBeGreaterThanOrEqual(4.5)
    // sonner's own success pair, which this replaces, is below it (hsl(140,100%,27%) on hsl(143,85%,96%)).
    expect(ratio('#008a2e', '#ecfdf3')).toBeLessThan(4.5)
  })

  it('gives the toaster those colours', async () => {
    const { ToastHost, notify, TOAST_COLOURS } = await freshToasts()
    render(<ToastHost />)
    notify.success('Saved Kasi Kicks')
    await screen.findByText('Saved Kasi Kicks')
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')
    expect(toaster?.style.getPropertyValue('--success-text')).toBe(TOAST_COLOURS['--success-text'])
  })
})
