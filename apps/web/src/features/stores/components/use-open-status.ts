import { exceptionsOf, type OpenStatus, openStatus } from '@genesis/contracts/open-now'
import type { OpeningHours } from '@genesis/contracts/opening-hours'
import { useMemo } from 'react'
import { useTradingCalendar } from '../api/get-trading-calendar'
import { useMinute } from './use-minute'

/**
 * The open-now status of each store, or of the centre (`shopId` null: holidays only), kept right
 * minute by minute. Undefined while the calendar loads.
 */
export function useOpenStatuses(
  subjects: ReadonlyArray<{ id: string | null; hours: OpeningHours }>,
): Map<string | null, OpenStatus> | undefined {
  const calendar = useTradingCalendar()
  const minute = useMinute()
  // Each subject's status is worked out once per calendar and minute: the directory asks again
  // for the stores it draws on every keystroke of a search (decision 043), mostly the same ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new minute starts with none known
  const known = useMemo(
    () => (calendar ? new Map<string | null, { hours: OpeningHours; status: OpenStatus }>() : undefined),
    [calendar, minute],
  )
  return useMemo(() => {
    if (!calendar || !known) return undefined
    const statuses = new Map<string | null, OpenStatus>()
    for (const subject of subjects) {
      const cached = known.get(subject.id)
      if (cached && cached.hours === subject.hours) {
        statuses.set(subject.id, cached.status)
        continue
      }
      const status = openStatus(
        {
          hours: subject.hours,
          holidays: calendar.holidays,
          exceptions: subject.id === null ? [] : exceptionsOf(calendar.exceptions, subject.id),
        },
        minute,
      )
      known.set(subject.id, { hours: subject.hours, status })
      statuses.set(subject.id, status)
    }
    return statuses
  }, [calendar, known, subjects, minute])
}
