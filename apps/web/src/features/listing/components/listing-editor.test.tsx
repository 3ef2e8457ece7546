import '../../../testing/setup'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeBackend, json, never } from '../../../testing/fake-backend'
import { renderWithProviders } from '../../../testing/render'
import type { ListingDraft } from './listing-editor'
import { ListingEditor } from './listing-editor'

const SHOP_ID = '0b0a0000-0000-4000-8000-0000000000aa'
const row = (overrides: Record<string, unknown> = {}) => ({
  id: SHOP_ID,
  shop_no: 'G01',
  trading_name: 'Fresh Basket Market',
  category: 'Grocery & Food',
  floor: 'Ground',
  description: 'Fresh produce and a bakery.',
  primary_phone: '011 274 5310',
  website: 'https://freshbasket.example.co.za',
  email: 'hello@freshbasket.example.co.za',
  gla_m2: '1450.00',
  trading_hours: {
    monday: '08:00 - 19:00',
    tuesday: '08:00 - 19:00',
    wednesday: '08:00 - 19:00',
    thursday: '08:00 - 19:00',
    friday: '08:00 - 19:00',
    saturday: '08:00 - 17:00',
    sunday: '',
  },
  logo_path: null,
  is_published: true,
  updated_at: '2026-11-27T04:00:00.000000+00:00',
  ...overrides,
})

/** The preview the dashboard draws, reduced to the text it shows. */
const preview = (_shop: unknown, draft: ListingDraft) => (
  <p data-testid="preview">
    {draft.description} · Mon: {draft.trading_hours.monday || 'Closed'}
  </p>
)

const renderEditor = () => renderWithProviders(<ListingEditor shopId={SHOP_ID} preview={preview} />)

describe('the listing editor', () => {
  it('says it is loading, then shows the shop with a preview that follows what is typed', async () => {
    let answer: (r: Response) => void = () => {}
    fakeBackend({
      '/rest/v1/shops': () =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
    })
    renderEditor()
    expect(await screen.findByRole('status', { name: 'Loading your listing' })).toBeInTheDocument()
    answer(json(row()))
    const form = await screen.findByRole('form', { name: "Your shop's public listing" })
    expect(within(form).getByLabelText('Description')).toHaveValue('Fresh produce and a bakery.')
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Monday' }))
    await userEvent.type(within(form).getByRole('textbox', { name: 'Monday' }), '07:30 - 19:00')
    expect(screen.getByTestId('preview')).toHaveTextContent('Mon: 07:30 - 19:00')
    expect(screen.getByRole('region', { name: 'Preview of your store card' })).toContainElement(
      screen.getByTestId('preview'),
    )
  })

  it('shows a load failure with a way to try again', async () => {
    fakeBackend({
      '/rest/v1/shops': () =>
        json({ code: 'XX000', message: 'The database is not answering', details: null, hint: null }, 500),
    })
    renderEditor()
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your listing.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it("shows the database's refusal as it says it, naming the refused column, and keeps what was typed", async () => {
    fakeBackend({
      '/rest/v1/shops': (req) =>
        req.method === 'PATCH'
          ? json(
              {
                code: '42501',
                message:
                  'Tenants may only change the phone, website, email, description, trading hours and logo of their shop',
                details: 'Refused: trading_name.',
                hint: null,
              },
              403,
            )
          : json(row()),
    })
    renderEditor()
    const form = await screen.findByRole('form', { name: "Your shop's public listing" })
    await userEvent.clear(within(form).getByLabelText('Description'))
    await userEvent.type(within(form).getByLabelText('Description'), 'Now with a Sunday market.')
    await userEvent.click(within(form).getByRole('button', { name: 'Save listing' }))
    const refusal = await within(form).findByRole('alert')
    expect(refusal).toHaveTextContent('Your listing was not saved.')
    expect(refusal).toHaveTextContent(
      'Tenants may only change the phone, website, email, description, trading hours and logo of their shop',
    )
    expect(refusal).toHaveTextContent('Refused: trading_name.')
    expect(within(form).getByLabelText('Description')).toHaveValue('Now with a Sunday market.')
  })

  it("shows the management's edit made meanwhile, and takes their version when asked", async () => {
    const theirs = row({
      description: 'Changed by the centre management',
      updated_at: '2026-11-27T04:05:00.000000+00:00',
    })
    // The first read is the version the tenant started from; the conditional update then matches
    // no row (updated_at moved on), and the read-back is the management's version.
    let first = true
    fakeBackend({
      '/rest/v1/shops': (req) => {
        if (req.method === 'PATCH') return json([])
        if (first) {
          first = false
          return json(row())
        }
        return json(theirs)
      },
    })
    renderEditor()
    const form = await screen.findByRole('form', { name: "Your shop's public listing" })
    await userEvent.clear(within(form).getByLabelText('Description'))
    await userEvent.type(within(form).getByLabelText('Description'), 'Changed by the tenant')
    await userEvent.click(within(form).getByRole('button', { name: 'Save listing' }))
    const conflict = await within(form).findByRole('status')
    expect(conflict).toHaveTextContent('changed your listing while you were editing it')
    expect(conflict).toHaveTextContent('Changed by the centre management')
    expect(within(form).getByLabelText('Description')).toHaveValue('Changed by the tenant')
    await userEvent.click(within(conflict).getByRole('button', { name: 'Use their version' }))
    expect(within(form).getByLabelText('Description')).toHaveValue('Changed by the centre management')
    expect(within(form).queryByRole('status')).not.toBeInTheDocument()
  })

  it('waits without a form while the shop is on its way', async () => {
    fakeBackend({ '/rest/v1/shops': never })
    renderEditor()
    expect(await screen.findByRole('status', { name: 'Loading your listing' })).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })
})
