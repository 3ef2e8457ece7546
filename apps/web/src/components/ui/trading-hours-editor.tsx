import { useId, useRef, useState } from 'react'
import { cn } from '../../lib/cn'
import { Switch } from './switch'

const DAYS = [
  ['monday', 'Monday'],
  ['tuesday', 'Tuesday'],
  ['wednesday', 'Wednesday'],
  ['thursday', 'Thursday'],
  ['friday', 'Friday'],
  ['saturday', 'Saturday'],
  ['sunday', 'Sunday'],
] as const
export type Day = (typeof DAYS)[number][0]
export type Hours = Record<Day, string>

const DEFAULT_OPEN = '09:00 - 17:00'
// The text controls' look (components/ui/input.tsx), repeated so this editor does not pull the
// public forms' input module into a chunk shared with the back office.
const HOURS_INPUT =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 disabled:cursor-not-allowed disabled:bg-stone-100 ' +
  'disabled:text-stone-500 aria-[invalid=true]:border-red-600'

/**
 * Trading hours per day, each with a Closed switch (a closed day stores ''), for the back office's
 * shop form and the tenant's own listing. Turning a day back on restores what it had, or 09:00 - 17:00.
 */
export function TradingHoursEditor({
  value,
  onChange,
  errors = {},
  legend = 'Trading hours',
}: {
  value: Hours
  onChange: (next: Hours) => void
  errors?: Partial<Record<Day, string>>
  legend?: string
}) {
  const id = useId()
  // What a day had before it was closed, so reopening it brings the hours back.
  const remembered = useRef<Partial<Hours>>({})
  // Which days are switched to Closed; an open day being retyped stays open while its text is empty.
  const [closedDays, setClosedDays] = useState<ReadonlySet<Day>>(
    () => new Set(DAYS.map(([d]) => d).filter((d) => value[d].trim() === '')),
  )
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <p className="text-xs text-stone-600">A day left empty is shown as Closed.</p>
      <div className="divide-y divide-stone-100 rounded-lg border border-stone-200">
        {DAYS.map(([day, label]) => {
          const closed = closedDays.has(day)
          const inputId = `${id}-${day}`
          const errorId = `${inputId}-error`
          return (
            <div
              key={day}
              className="grid grid-cols-[6.5rem_1fr] items-center gap-x-3 gap-y-1 p-2 sm:grid-cols-[7rem_auto_1fr]"
            >
              <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
                {label}
              </label>
              <span className="flex items-center gap-2 text-sm text-stone-700">
                <Switch
                  checked={closed}
                  aria-label={`${label} closed`}
                  onCheckedChange={(isClosed) => {
                    if (isClosed) remembered.current[day] = value[day]
                    setClosedDays((prev) => {
                      const next = new Set(prev)
                      if (isClosed) next.add(day)
                      else next.delete(day)
                      return next
                    })
                    onChange({ ...value, [day]: isClosed ? '' : remembered.current[day] || DEFAULT_OPEN })
                  }}
                />
                Closed
              </span>
              <div className="col-span-2 sm:col-span-1">
                <input
                  id={inputId}
                  className={cn(HOURS_INPUT, 'h-10')}
                  value={value[day]}
                  disabled={closed}
                  placeholder={closed ? 'Closed' : DEFAULT_OPEN}
                  aria-invalid={Boolean(errors[day])}
                  aria-describedby={errors[day] ? errorId : undefined}
                  onChange={(e) => onChange({ ...value, [day]: e.target.value })}
                />
                {errors[day] && (
                  <p id={errorId} className="mt-1 text-sm text-red-700">
                    {errors[day]}
                  </p>
                )}
              </div>
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
