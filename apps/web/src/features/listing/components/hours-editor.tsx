import { WEEKDAYS, type Weekday } from '@genesis/contracts/opening-hours'
import { useRef, useState } from 'react'
import { Switch } from '../../../components/ui/switch'
import type { WeekHours } from '../api/get-my-shop'

const DAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
}

export const DEFAULT_OPEN_HOURS = '09:00 - 17:00'

/**
 * Trading hours per day: the hours as text ('08:00 - 18:00'), and a Closed switch that clears
 * the day. Switching a day back on restores what it said before (or a default). An open day left
 * empty is stored as closed, as the public pages read it.
 */
export function HoursEditor({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: WeekHours
  onChange: (next: WeekHours) => void
  errors?: Partial<Record<Weekday, string>>
  disabled?: boolean
}) {
  const remembered = useRef<Partial<WeekHours>>({})
  const [closedDays, setClosedDays] = useState<Set<Weekday>>(
    () => new Set(WEEKDAYS.filter((d) => value[d].trim() === '')),
  )
  const setDay = (day: Weekday, hours: string) => onChange({ ...value, [day]: hours })

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-stone-800">Trading hours</legend>
      <p className="text-sm text-stone-600">
        For example 08:00 - 18:00. Switch a day to Closed when you do not trade.
      </p>
      <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        {WEEKDAYS.map((day) => {
          const closed = closedDays.has(day)
          const inputId = `hours-${day}`
          const errorId = `${inputId}-error`
          return (
            <li
              key={day}
              className="grid grid-cols-[6.5rem_1fr] items-center gap-x-3 gap-y-1 px-3 py-2 sm:grid-cols-[8rem_1fr_auto]"
            >
              <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
                {DAY_LABELS[day]}
              </label>
              <input
                id={inputId}
                className="h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:border-red-600"
                value={closed ? '' : value[day]}
                placeholder={closed ? 'Closed' : DEFAULT_OPEN_HOURS}
                disabled={disabled || closed}
                maxLength={60}
                aria-invalid={Boolean(errors?.[day])}
                aria-describedby={errors?.[day] ? errorId : undefined}
                onChange={(e) => setDay(day, e.target.value)}
              />
              <div className="col-start-2 flex items-center gap-2 text-sm text-stone-700 sm:col-start-3">
                <Switch
                  checked={closed}
                  disabled={disabled}
                  aria-label={`${DAY_LABELS[day]} closed`}
                  onCheckedChange={(nowClosed) => {
                    setClosedDays((all) => {
                      const next = new Set(all)
                      if (nowClosed) next.add(day)
                      else next.delete(day)
                      return next
                    })
                    if (nowClosed) {
                      remembered.current[day] = value[day]
                      setDay(day, '')
                    } else {
                      setDay(day, remembered.current[day] || DEFAULT_OPEN_HOURS)
                    }
                  }}
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
