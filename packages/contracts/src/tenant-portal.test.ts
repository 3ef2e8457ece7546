import { describe, expect, it } from 'vitest'
import { balanceDue, formatPeriod, formatRand, leaseCountdown, statementFileName } from './tenant-portal.ts'

describe('the balance due', () => {
  const s = (amount_due: number, amount_paid: number, status: string, due_date: string | null) => ({
    amount_due,
    amount_paid,
    status,
    due_date,
  })

  it('adds what is still open on issued, overdue and submitted statements, in cents', () => {
    expect(
      balanceDue([
        s(100.1, 0, 'issued', '2026-11-07'),
        s(200.2, 0.1, 'overdue', '2026-10-07'),
        s(0.3, 0, 'payment_submitted', '2026-12-07'),
        s(999, 0, 'paid', '2026-01-07'),
        s(999, 0, 'draft', '2026-01-07'),
      ]),
    ).toEqual({ amount: 300.5, nextDueDate: '2026-10-07' })
  })

  it('ignores statements paid in full and has no due date when nothing is owed', () => {
    expect(balanceDue([s(50, 50, 'issued', '2026-11-07')])).toEqual({ amount: 0, nextDueDate: null })
  })
})

describe('the lease countdown', () => {
  const today = new Date(2026, 10, 23)
  it('counts whole days to the end date', () => {
    expect(leaseCountdown('2027-11-23', today)).toEqual({ daysLeft: 365, state: 'ok' })
  })
  it('warns inside the last 90 days, including the 90th', () => {
    expect(leaseCountdown('2027-02-21', today)).toEqual({ daysLeft: 90, state: 'warning' })
    expect(leaseCountdown('2027-02-22', today)).toEqual({ daysLeft: 91, state: 'ok' })
    expect(leaseCountdown('2026-11-23', today)).toEqual({ daysLeft: 0, state: 'warning' })
  })
  it('says when the lease has ended, and nothing without an end date', () => {
    expect(leaseCountdown('2026-11-20', today)).toEqual({ daysLeft: -3, state: 'ended' })
    expect(leaseCountdown(null, today)).toBeNull()
  })
})

describe('figures as the portal writes them', () => {
  it('writes rands with spaces between thousands and two decimals', () => {
    expect(formatRand(185600)).toBe('R 185 600.00')
    expect(formatRand(0.5)).toBe('R 0.50')
    expect(formatRand(null)).toBe('—')
  })
  it('names periods and statement files', () => {
    expect(formatPeriod('2026-10-01')).toBe('October 2026')
    expect(statementFileName('utility', 'G01', '2026-10-01')).toBe('Utility statement G01 2026-10.pdf')
    expect(statementFileName('rental', null, '2026-10-01')).toBe('Rental statement 2026-10.pdf')
  })
})
