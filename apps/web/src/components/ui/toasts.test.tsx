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
})
