import '../../testing/setup'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { TradingHoursEditor, type WeekHours } from './trading-hours-editor'

const WEEK: WeekHours = {
  monday: '08:00 - 18:00',
  tuesday: '08:00 - 18:00',
  wednesday: '08:00 - 18:00',
  thursday: '08:00 - 18:00',
  friday: '08:00 - 18:00',
  saturday: '09:00 - 13:00',
  sunday: '',
}

function Harness({ initial = WEEK }: { initial?: WeekHours }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <TradingHoursEditor value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  )
}
const current = (): WeekHours => JSON.parse(screen.getByTestId('value').textContent ?? '{}')

describe('the trading hours editor', () => {
  it('shows each day with its hours, and an empty day as Closed', () => {
    render(<Harness />)
    expect(screen.getByLabelText('Monday')).toHaveValue('08:00 - 18:00')
    expect(screen.getByLabelText('Saturday')).toHaveValue('09:00 - 13:00')
    expect(screen.getByLabelText('Sunday')).toBeDisabled()
    expect(screen.getByRole('switch', { name: 'Sunday closed' })).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Monday closed' })).not.toBeChecked()
  })

  it('edits one day without touching the others', async () => {
    render(<Harness />)
    const saturday = screen.getByLabelText('Saturday')
    await userEvent.clear(saturday)
    await userEvent.type(saturday, '08:00 - 14:00')
    expect(current()).toEqual({ ...WEEK, saturday: '08:00 - 14:00' })
  })

  it('closes a day with its switch and brings its hours back when reopened', async () => {
    render(<Harness />)
    await userEvent.click(screen.getByRole('switch', { name: 'Friday closed' }))
    expect(current().friday).toBe('')
    expect(screen.getByLabelText('Friday')).toBeDisabled()
    await userEvent.click(screen.getByRole('switch', { name: 'Friday closed' }))
    expect(current().friday).toBe('08:00 - 18:00')
    expect(screen.getByLabelText('Friday')).toBeEnabled()
  })

  it('opens a closed day with default hours, by keyboard', async () => {
    render(<Harness />)
    screen.getByRole('switch', { name: 'Sunday closed' }).focus()
    await userEvent.keyboard(' ')
    expect(current().sunday).toBe('09:00 - 17:00')
    expect(screen.getByLabelText('Sunday')).toHaveValue('09:00 - 17:00')
  })
})

describe('the trading hours editor with errors', () => {
  it("ties a day's message to that day's field", () => {
    render(
      <TradingHoursEditor
        value={WEEK}
        onChange={() => {}}
        errors={{ monday: 'Must be at most 60 characters' }}
      />,
    )
    expect(screen.getByLabelText('Monday')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Monday')).toHaveAccessibleDescription('Must be at most 60 characters')
    expect(screen.getByLabelText('Tuesday')).toHaveAttribute('aria-invalid', 'false')
  })
})
