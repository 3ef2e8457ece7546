import '../../../testing/setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeBackend, json } from '../../../testing/fake-backend'
import { renderWithProviders } from '../../../testing/render'
import { UnitEnquiryButton } from './unit-enquiry-button'

async function open() {
  renderWithProviders(<UnitEnquiryButton unitNumber="UG10" contactEmail="leasing@genesis.test" />)
  await userEvent.click(screen.getByRole('button', { name: 'Enquire Now' }))
  return screen.findByRole('dialog', { name: 'Enquire about Unit UG10' })
}

async function fill() {
  await userEvent.type(screen.getByLabelText(/Full name/), 'Thabo Nkosi')
  await userEvent.type(screen.getByLabelText(/Email/), 'thabo@example.com')
}

describe('the unit enquiry dialog', () => {
  it("opens from Enquire Now and says 'Missing required fields' without a name", async () => {
    const fetch = fakeBackend()
    await open()
    // The unit is the dialog's heading, not a read-only field; focus starts on the first field to fill in.
    expect(screen.getByRole('heading', { name: 'Enquire about Unit UG10' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Unit number')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveFocus())
    await userEvent.type(screen.getByLabelText(/Email/), 'thabo@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Missing required fields'))
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument()
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/functions/'))).toBe(false)
  })

  it('closes on Cancel', async () => {
    fakeBackend()
    await open()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('sends the unit payload, shows the success toast and closes', async () => {
    let body = ''
    fakeBackend({
      '/functions/v1/send-enquiry-email': async (req) => {
        body = await req.text()
        return json({ success: true })
      },
    })
    await open()
    await fill()
    await userEvent.type(screen.getByLabelText('Phone'), '082 555 0101')
    await userEvent.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    expect(await screen.findByText('Enquiry sent successfully!')).toBeInTheDocument()
    expect(screen.getByText('Our leasing team will contact you within 24 hours.')).toBeInTheDocument()
    expect(JSON.parse(body)).toEqual({
      unitNumber: 'UG10',
      name: 'Thabo Nkosi',
      email: 'thabo@example.com',
      phone: '082 555 0101',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the provider error when e-mail delivery failed, and stays open with the text', async () => {
    fakeBackend({
      '/functions/v1/send-enquiry-email': () =>
        json({ error: 'Failed to send email', provider_error: 'Connection refused' }, 502),
    })
    await open()
    await fill()
    await userEvent.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    expect(await screen.findByText('Failed to send enquiry')).toBeInTheDocument()
    expect(screen.getByText('Email service error: Connection refused')).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Thabo Nkosi')
  })

  it("shows the function's error message when there is no provider error", async () => {
    fakeBackend({ '/functions/v1/send-enquiry-email': () => json({ error: 'Missing required fields' }, 400) })
    await open()
    await fill()
    await userEvent.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    expect(await screen.findByText('Failed to send enquiry')).toBeInTheDocument()
    expect(
      screen.getByText('Missing required fields', { selector: '[data-description]' }),
    ).toBeInTheDocument()
  })

  it('falls back to the leasing address when the failure says nothing', async () => {
    fakeBackend({ '/functions/v1/send-enquiry-email': () => new Response('oops', { status: 500 }) })
    await open()
    await fill()
    await userEvent.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    expect(
      await screen.findByText('Please try again or contact our leasing team at leasing@genesis.test'),
    ).toBeInTheDocument()
  })
})
