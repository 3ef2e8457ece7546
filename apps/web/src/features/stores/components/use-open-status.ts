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
  return useMemo(() => {
    if (!calendar) return undefined
    const statuses = new Map<string | null, OpenStatus>()
    for (const subject of subjects) {
      statuses.set(
        subject.id,
        openStatus(
          {
            hours: subject.hours,
            holidays: calendar.holidays,
            exceptions: subject.id === null ? [] : exceptionsOf(calendar.exceptions, subject.id),
          },
          minute,
        ),
      )
    }
    return statuses
  }, [calendar, subjects, minute])
}
