import { WEEKDAYS, type Weekday } from '@genesis/contracts/opening-hours'
import { useId, useRef, useState } from 'react'
import { Switch } from './switch'

export type WeekHours = Record<Weekday, string>

const dayName = (day: Weekday) => `${day[0].toUpperCase()}${day.slice(1)}`
const DEFAULT_OPEN = '09:00 - 17:00'
// The database refuses a day's hours longer than this (SHOP_LISTING_LIMITS.trading_hours in
// @genesis/contracts/shop-listing; not imported, so this editor does not pull full zod into its chunk).
const MAX_LENGTH = 60

/**
 * Trading hours per day as text ('08:00 - 18:00'), each with a Closed switch that clears the day
 * (a closed day stores ''). Switching a day back on restores what it said, or 09:00 - 17:00. Used by
 * the back office's shop form and the tenant's own listing.
 */
export function TradingHoursEditor({
  value,
  onChange,
  errors,
}: {
  value: WeekHours
  onChange: (next: WeekHours) => void
  errors?: Partial<Record<Weekday, string>>
}) {
  const id = useId()
  const remembered = useRef<Partial<WeekHours>>({})
  // An open day being retyped stays open while its text is empty: only the switch closes a day.
  const [closedDays, setClosedDays] = useState<ReadonlySet<Weekday>>(
    () => new Set(WEEKDAYS.filter((d) => value[d].trim() === '')),
  )
  const setClosed = (day: Weekday, closed: boolean) => {
    setClosedDays((all) => {
      const next = new Set(all)
      if (closed) next.add(day)
      else next.delete(day)
      return next
    })
    if (closed) remembered.current[day] = value[day]
    onChange({ ...value, [day]: closed ? '' : remembered.current[day] || DEFAULT_OPEN })
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">Trading hours</legend>
      <p className="text-sm text-stone-600">
        For example 08:00 - 18:00. Switch a day to Closed when the shop does not trade.
      </p>
      <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        {WEEKDAYS.map((day) => {
          const closed = closedDays.has(day)
          const inputId = `${id}-${day}`
          const errorId = `${inputId}-error`
          return (
            <li
              key={day}
              className="grid grid-cols-[6.5rem_1fr] items-center gap-x-3 gap-y-1 px-3 py-2 sm:grid-cols-[8rem_1fr_auto]"
            >
              <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
                {dayName(day)}
              </label>
              <input
                id={inputId}
                className="h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:border-red-600"
                value={value[day]}
                placeholder={closed ? 'Closed' : DEFAULT_OPEN}
                disabled={closed}
                maxLength={MAX_LENGTH}
                aria-invalid={Boolean(errors?.[day])}
                aria-describedby={errors?.[day] ? errorId : undefined}
                onChange={(e) => onChange({ ...value, [day]: e.target.value })}
              />
              <div className="col-start-2 flex items-center gap-2 text-sm text-stone-700 sm:col-start-3">
                <Switch
                  checked={closed}
                  aria-label={`${dayName(day)} closed`}
                  onCheckedChange={(nowClosed) => setClosed(day, nowClosed)}
                />
                <span aria-hidden="true">Closed</span>
              </div>
              {errors?.[day] && (
                <p id={errorId} className="col-span-full text-sm text-red-700">
                  {errors[day]}
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
