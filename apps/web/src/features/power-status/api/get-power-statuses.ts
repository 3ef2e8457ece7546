import { type CurrentPowerStatus, CurrentPowerStatusSchema } from '@genesis/contracts/power-status'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import * as z from 'zod/mini'
import { publicRest } from '../../../lib/backend'
import { renderClock } from '../../../lib/render-clock'
import { usePublicLive } from '../../../lib/use-public-live'

export type { CurrentPowerStatus }

/** The current power state of the centre and of every shop that has reported one (issue 18, item 2). */
export async function getPowerStatuses(): Promise<CurrentPowerStatus[]> {
  const { data, error } = await (await publicRest()).from('current_power_statuses').select('*')
  if (error) throw new Error(`Failed to fetch the power status: ${error.message}`)
  return z.array(CurrentPowerStatusSchema).parse(data)
}

export const POWER_STATUSES_KEY = ['power-statuses'] as const

export const getPowerStatusesQueryOptions = () =>
  queryOptions({ queryKey: POWER_STATUSES_KEY, queryFn: getPowerStatuses, staleTime: 60_000 })

/**
 * The current statuses, kept live: a page rendered on request starts with them (decision 016),
 * and every report anyone makes reaches the open page over realtime without a reload.
 */
export function usePowerStatuses() {
  usePublicLive('power_statuses', POWER_STATUSES_KEY)
  return useQuery(getPowerStatusesQueryOptions())
}

const MINUTE = 60_000

/**
 * The time, redrawn at each turn of the minute, so a report turns stale on an open page when it is
 * due. The first render may be committed well after it was computed (the app starts in a
 * transition, and a phone can sleep in between), so the time is read again once the page is on
 * screen; within the same minute the first value is kept and costs no second render. Hydrating a
 * served page, the first value is the time the gateway rendered with (lib/render-clock.ts), so
 * the markup matches; it is seconds old by the time the page is live, and redrawing the whole
 * route for those seconds cost a second commit on every page and, on home, threw away the served
 * what's on and map while their code was loading (decision 040).
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date(renderClock()))
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const at = Date.now()
      setNow((shown) => (Math.floor(at / MINUTE) === Math.floor(+shown / MINUTE) ? shown : new Date(at)))
      timer = setTimeout(tick, MINUTE - (at % MINUTE))
    }
    tick()
    return () => clearTimeout(timer)
  }, [])
  return now
}
