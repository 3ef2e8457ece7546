import '../../../testing/setup'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeBackend, json } from '../../../testing/fake-backend'
import { renderWithProviders } from '../../../testing/render'
import { storeTestSession, testSession } from '../../../testing/session'
import type { RentalStatement } from '../api/get-rental-statements'
import type { UtilityStatement } from '../api/get-utility-statements'
import { BalanceDueCard } from './balance-due-card'
import { RentalStatementsTable, UtilityStatementsTable } from './statements-table'

const TENANT = '7e000000-0000-4000-8000-00000000000a'

const rental = (over: Partial<RentalStatement>): RentalStatement => ({
  id: 'r1',
  tenant_id: TENANT,
  period: '2026-10-01',
  statement_date: '2026-10-01',
  due_date: '2026-10-07',
  amount_due: 207872,
  amount_paid: 0,
  status: 'issued',
  file_path: `${TENANT}/rental/2026-10.pdf`,
  line_items: [],
  ...over,
})

const utility: UtilityStatement = {
  id: 'u1',
  tenant_id: TENANT,
  period: '2026-10-01',
  statement_date: '2026-10-01',
  due_date: '2026-10-07',
  electricity_meter_previous: 40000,
  electricity_meter_current: 49450,
  electricity_kwh: 9450,
  electricity_amount: 32602.5,
  water_meter_previous: 7900,
  water_meter_current: 7940,
  water_kl: 40,
  water_amount: 1528,
  other_amount: 150,
  total_amount: 34280.5,
  amount_paid: 0,
  status: 'issued',
  file_path: null,
}

const noop = () => {}

describe('the rental statements table', () => {
  it('lists each period with its amounts, status and due date', () => {
    renderWithProviders(
      <RentalStatementsTable
        statements={[
          rental({}),
          rental({
            id: 'r2',
            period: '2026-09-01',
            due_date: '2026-09-07',
            amount_paid: 207872,
            status: 'paid',
          }),
          rental({ id: 'r3', period: '2026-08-01', status: 'payment_submitted' }),
        ]}
        isPending={false}
        error={null}
        onRetry={noop}
        shopNo="G01"
      />,
    )
    const table = screen.getByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('October 2026')
    expect(rows[0]).toHaveTextContent('R 207 872.00')
    expect(rows[0]).toHaveTextContent('Issued')
    expect(rows[0]).toHaveTextContent('7 Oct 2026')
    expect(rows[1]).toHaveTextContent('Paid')
    expect(rows[2]).toHaveTextContent('Payment submitted')
  })

  it('says when a statement has no PDF instead of offering a download', () => {
    renderWithProviders(
      <RentalStatementsTable
        statements={[rental({ file_path: null })]}
        isPending={false}
        error={null}
        onRetry={noop}
        shopNo="G01"
      />,
    )
    expect(screen.getByText('No PDF')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Download PDF/ })).not.toBeInTheDocument()
  })

  it('shows the empty, loading and error states', async () => {
    const retry = vi.fn()
    const { rerender } = renderWithProviders(
      <RentalStatementsTable statements={[]} isPending={false} error={null} onRetry={noop} shopNo="G01" />,
    )
    expect(screen.getByText('No rental statements have been issued to you yet.')).toBeInTheDocument()
    rerender(
      <RentalStatementsTable statements={undefined} isPending error={null} onRetry={noop} shopNo="G01" />,
    )
    expect(screen.getByLabelText('Loading rental statements')).toHaveAttribute('aria-busy', 'true')
    rerender(
      <RentalStatementsTable
        statements={undefined}
        isPending={false}
        error={new Error('Network down')}
        onRetry={retry}
        shopNo="G01"
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your rental statements.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledOnce()
  })

  it('downloads the PDF through a short-lived signed URL asked for on click', async () => {
    storeTestSession(testSession('tenantA'))
    const signed: string[] = []
    fakeBackend({
      [`/storage/v1/object/sign/statements/${TENANT}/rental/2026-10.pdf`]: async (req) => {
        signed.push(String((await req.json()).expiresIn))
        return json({ signedURL: `/object/sign/statements/${TENANT}/rental/2026-10.pdf?token=t` })
      },
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderWithProviders(
      <RentalStatementsTable
        statements={[rental({})]}
        isPending={false}
        error={null}
        onRetry={noop}
        shopNo="G01"
      />,
    )
    await userEvent.click(
      screen.getByRole('button', { name: 'Download PDF of the October 2026 rental statement' }),
    )
    await waitFor(() => expect(click).toHaveBeenCalledOnce())
    expect(signed).toEqual(['60'])
    const anchor = click.mock.contexts[0] as HTMLAnchorElement
    expect(anchor.href).toContain('token=t')
    expect(anchor.href).toContain('download=')
    click.mockRestore()
  })
})

describe('the utility statements table', () => {
  it('shows the meter readings, consumption and charges of each period', () => {
    renderWithProviders(
      <UtilityStatementsTable
        statements={[utility]}
        isPending={false}
        error={null}
        onRetry={noop}
        shopNo="G01"
      />,
    )
    const row = screen.getAllByRole('row')[1]
    expect(row).toHaveTextContent('9 450 kWh')
    expect(row).toHaveTextContent('40 000 → 49 450')
    expect(row).toHaveTextContent('R 32 602.50')
    expect(row).toHaveTextContent('40 kl')
    expect(row).toHaveTextContent('7 900 → 7 940')
    expect(row).toHaveTextContent('R 34 280.50')
    expect(row).toHaveTextContent('No PDF')
  })

  it('shows its empty state', () => {
    renderWithProviders(
      <UtilityStatementsTable statements={[]} isPending={false} error={null} onRetry={noop} shopNo="G01" />,
    )
    expect(screen.getByText('No utility statements have been issued to you yet.')).toBeInTheDocument()
  })
})

describe('the balance due', () => {
  it('adds up what is open on unpaid statements and names the earliest due date', () => {
    renderWithProviders(
      <BalanceDueCard
        statements={[
          rental({ period: '2026-11-01', due_date: '2026-11-07', amount_due: 1000 }),
          rental({
            id: 'r2',
            period: '2026-10-01',
            due_date: '2026-10-07',
            amount_due: 500,
            amount_paid: 200,
          }),
          rental({
            id: 'r3',
            period: '2026-09-01',
            due_date: '2026-09-07',
            amount_due: 800,
            amount_paid: 800,
            status: 'paid',
          }),
        ]}
        isPending={false}
        error={null}
        onRetry={noop}
      />,
    )
    expect(screen.getByTestId('balance-due')).toHaveTextContent('R 1 300.00')
    expect(screen.getByText(/Next due date/)).toHaveTextContent('7 Oct 2026')
  })

  it('says so when nothing is owed', () => {
    renderWithProviders(<BalanceDueCard statements={[]} isPending={false} error={null} onRetry={noop} />)
    expect(screen.getByTestId('balance-due')).toHaveTextContent('R 0.00')
    expect(screen.getByText('You are all paid up. Thank you.')).toBeInTheDocument()
  })
})
