import '../../../testing/setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeBackend, json } from '../../../testing/fake-backend'
import { renderWithProviders } from '../../../testing/render'
import { NewsletterSignup } from './newsletter-signup'

describe('the newsletter signup', () => {
  it('shows the consent wording that is recorded with the sign-up', () => {
    fakeBackend()
    renderWithProviders(<NewsletterSignup contactEmail="info@genesis.test" centreName="Genesis Centre" />)
    const wording =
      'I agree to receive news about stores and events at Genesis Centre. I can unsubscribe at any time. We will e-mail you a link to confirm.'
    expect(screen.getByText(wording)).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(wording)
  })

  it('fails with the toast and sends nothing for an invalid address', async () => {
    const fetch = fakeBackend()
    renderWithProviders(<NewsletterSignup contactEmail="info@genesis.test" centreName="Genesis Centre" />)
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-address')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Subscription failed')).toBeInTheDocument()
    expect(
      screen.getByText('Please try again or contact us directly at info@genesis.test'),
    ).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveValue('not-an-address')
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/functions/'))).toBe(false)
  })

  it('subscribes with {email}, shows Subscribing..., then the success toast and clears', async () => {
    let resolve: (r: Response) => void = () => {}
    let body = ''
    fakeBackend({
      '/functions/v1/newsletter-subscription': async (req) => {
        body = await req.text()
        return new Promise<Response>((r) => {
          resolve = r
        })
      },
    })
    renderWithProviders(<NewsletterSignup contactEmail="info@genesis.test" centreName="Genesis Centre" />)
    await userEvent.type(screen.getByLabelText('Email address'), 'visitor@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeDisabled()
    await waitFor(() => expect(body).not.toBe(''))
    expect(JSON.parse(body)).toEqual({ email: 'visitor@example.com' })
    resolve(json({ success: true }))
    expect(await screen.findByText('Successfully subscribed!')).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveValue('')
  })

  it('treats an error field in a 2xx answer as a failure and keeps the address', async () => {
    fakeBackend({ '/functions/v1/newsletter-subscription': () => json({ error: 'Already subscribed' }) })
    renderWithProviders(<NewsletterSignup contactEmail="info@genesis.test" centreName="Genesis Centre" />)
    await userEvent.type(screen.getByLabelText('Email address'), 'visitor@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Subscription failed')).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveValue('visitor@example.com')
  })
})
