import '../../../testing/setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeBackend, json } from '../../../testing/fake-backend'
import { renderWithProviders } from '../../../testing/render'
import { LeasingEnquiryForm } from './leasing-enquiry-form'

function deferred() {
  let resolve: (r: Response) => void = () => {}
  const promise = new Promise<Response>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText(/First name/), 'Ayanda')
  await userEvent.type(screen.getByLabelText(/Last name/), 'Dlamini')
  await userEvent.type(screen.getByLabelText(/Email/), 'ayanda@example.com')
}

describe('the leasing enquiry form', () => {
  it('has the spec fields with browser-level required and email/tel types', () => {
    fakeBackend()
    renderWithProviders(<LeasingEnquiryForm contactEmail="leasing@genesis.test" />)
    expect(screen.getByLabelText(/First name/)).toBeRequired()
    expect(screen.getByLabelText(/Last name/)).toBeRequired()
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText(/Email/)).toBeRequired()
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel')
    expect(screen.getByLabelText('Company')).not.toBeRequired()
    expect(screen.getByLabelText('Business type')).toHaveDisplayValue('Select a business type')
    expect(screen.getByLabelText('Message')).not.toBeRequired()
  })

  it("says 'Please fill in all required fields' and sends nothing when a required field is empty", async () => {
    const fetch = fakeBackend()
    renderWithProviders(<LeasingEnquiryForm contactEmail="leasing@genesis.test" />)
    await userEvent.type(screen.getByLabelText(/First name/), 'Ayanda')
    await userEvent.click(screen.getByRole('button', { name: 'Submit Enquiry' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields'),
    )
    expect(screen.getByLabelText(/Last name/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'false')
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/functions/'))).toBe(false)
  })

  it('sends the payload as a JSON string, shows Sending... while it goes, then the success toast and clears', async () => {
    const answer = deferred()
    let body = ''
    fakeBackend({
      '/functions/v1/send-enquiry-email': async (req) => {
        body = await req.text()
        return answer.promise
      },
    })
    renderWithProviders(<LeasingEnquiryForm contactEmail="leasing@genesis.test" />)
    await fillRequired()
    await userEvent.type(screen.getByLabelText('Company'), 'Bean Theory')
    await userEvent.selectOptions(screen.getByLabelText('Business type'), 'food')
    await userEvent.click(screen.getByRole('button', { name: 'Submit Enquiry' }))
    const sending = await screen.findByRole('button', { name: 'Sending...' })
    expect(sending).toBeDisabled()
    await waitFor(() => expect(body).not.toBe(''))
    expect(JSON.parse(body)).toEqual({
      name: 'Ayanda Dlamini',
      email: 'ayanda@example.com',
      company: 'Bean Theory',
      businessType: 'food',
      source: 'leasing_form',
    })
    answer.resolve(json({ success: true }))
    expect(await screen.findByText('Enquiry received!')).toBeInTheDocument()
    expect(screen.getByText("Thank you for your interest. We'll be in touch shortly.")).toBeInTheDocument()
    expect(screen.getByLabelText(/First name/)).toHaveValue('')
    expect(screen.getByLabelText('Company')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Submit Enquiry' })).toBeEnabled()
  })

  it('shows the failure toast with the leasing address and keeps everything typed', async () => {
    fakeBackend({
      '/functions/v1/send-enquiry-email': () =>
        json({ error: 'Email service error', provider_error: 'SMTP down' }, 502),
    })
    renderWithProviders(<LeasingEnquiryForm contactEmail="leasing@genesis.test" />)
    await fillRequired()
    await userEvent.click(screen.getByRole('button', { name: 'Submit Enquiry' }))
    expect(await screen.findByText('Submission failed')).toBeInTheDocument()
    expect(screen.getByText('Please reach out directly at leasing@genesis.test')).toBeInTheDocument()
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ayanda')
    expect(screen.getByLabelText(/Email/)).toHaveValue('ayanda@example.com')
  })
})
