import '../../../testing/setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeBackend, json } from '../../../testing/fake-backend'
import { renderWithProviders } from '../../../testing/render'
import { ContactForm } from './contact-form'

async function fillRequired() {
  await userEvent.type(screen.getByLabelText(/First name/), 'Lerato')
  await userEvent.type(screen.getByLabelText(/Last name/), 'Mokoena')
  await userEvent.type(screen.getByLabelText(/Email/), 'lerato@example.com')
  await userEvent.type(screen.getByLabelText(/Message/), 'Lost a scarf near the food court.')
}

describe('the contact form', () => {
  it('requires first name, last name, email and message', async () => {
    const fetch = fakeBackend()
    renderWithProviders(<ContactForm contactEmail="info@genesis.test" />)
    expect(screen.getByLabelText(/Message/)).toBeRequired()
    expect(screen.getByLabelText('Phone')).not.toBeRequired()
    await userEvent.type(screen.getByLabelText(/First name/), 'Lerato')
    await userEvent.type(screen.getByLabelText(/Last name/), 'Mokoena')
    await userEvent.type(screen.getByLabelText(/Email/), 'lerato@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields'),
    )
    expect(screen.getByLabelText(/Message/)).toHaveAttribute('aria-invalid', 'true')
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/functions/'))).toBe(false)
  })

  it('points out a malformed address', async () => {
    fakeBackend()
    renderWithProviders(<ContactForm contactEmail="info@genesis.test" />)
    await fillRequired()
    await userEvent.clear(screen.getByLabelText(/Email/))
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-address')
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address'),
    )
  })

  it('sends the contact payload, shows Sending..., then the success toast and clears the form', async () => {
    let body = ''
    fakeBackend({
      '/functions/v1/send-enquiry-email': async (req) => {
        body = await req.text()
        return json({ success: true })
      },
    })
    renderWithProviders(<ContactForm contactEmail="info@genesis.test" />)
    await fillRequired()
    await userEvent.selectOptions(screen.getByLabelText('Enquiry type'), 'complaint')
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument()
    expect(
      screen.getByText("Thank you for contacting us. We'll get back to you shortly."),
    ).toBeInTheDocument()
    expect(JSON.parse(body)).toEqual({
      name: 'Lerato Mokoena',
      email: 'lerato@example.com',
      message: 'Lost a scarf near the food court.',
      enquiryType: 'complaint',
      source: 'contact_page',
    })
    await waitFor(() => expect(screen.getByLabelText(/Message/)).toHaveValue(''))
  })

  it('shows the failure toast and keeps the text', async () => {
    fakeBackend({ '/functions/v1/send-enquiry-email': () => json({ error: 'Internal error' }, 500) })
    renderWithProviders(<ContactForm contactEmail="info@genesis.test" />)
    await fillRequired()
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument()
    expect(
      screen.getByText('Please try again or contact us directly at info@genesis.test'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/Message/)).toHaveValue('Lost a scarf near the food court.')
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  })
})
