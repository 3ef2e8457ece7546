import {
  formatPeriod,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceStatus,
} from '@genesis/contracts/tenant-portal'
import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { notify } from '../../../components/ui/toasts'
import { getMyMaintenanceRequestsQueryOptions } from '../../../features/maintenance/api/get-my-maintenance-requests'
import { getNoticesQueryOptions } from '../../../features/notices/api/get-notices'
import { getRentalStatementsQueryOptions } from '../../../features/statements/api/get-rental-statements'
import { getUtilityStatementsQueryOptions } from '../../../features/statements/api/get-utility-statements'
import { getSupabase } from '../../../lib/supabase-client'

type Row = Record<string, unknown>
const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** Whether the cached list under `key` already holds a row with this id. */
function known(queryClient: ReturnType<typeof useQueryClient>, key: QueryKey, id: unknown): boolean {
  const rows = queryClient.getQueryData<{ id: string }[]>(key)
  return Boolean(rows?.some((r) => r.id === id))
}

/**
 * Live updates of the tenant dashboard (issue 12): a newly issued statement, a status change on a
 * maintenance request, a comment from management and a new notice arrive without a reload, each
 * with a toast. One realtime channel of postgres_changes; the database's RLS decides which rows
 * this tenant receives (never another tenant's, never a draft).
 */
export function useTenantLiveUpdates(userId: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    const rentalKey = getRentalStatementsQueryOptions(userId).queryKey
    const utilityKey = getUtilityStatementsQueryOptions(userId).queryKey
    const noticesKey = getNoticesQueryOptions(userId).queryKey
    const requestsKey = getMyMaintenanceRequestsQueryOptions(userId).queryKey

    // Issuing a statement changes its row several times in a few seconds (issued, then its PDF and
    // its mail recorded by the server), each change arriving before the list is read again: one
    // toast per statement, not one per change.
    const announced = new Set<unknown>()
    const statementChange = (kind: 'rental' | 'utility', key: QueryKey) => (payload: { new: Row }) => {
      const row = payload.new
      if (row?.id && !announced.has(row.id) && !known(queryClient, key, row.id)) {
        announced.add(row.id)
        notify.success(`New ${kind} statement`, {
          description: `${formatPeriod(text(row.period))} has been issued.`,
        })
      }
      void queryClient.invalidateQueries({ queryKey: key })
    }

    // Opened in a task of its own (decision 045): this effect runs at the end of the commit that
    // draws the page, and the socket, the channel and its joins added their work to that task.
    const subscribe = () =>
      getSupabase()
        .channel(`tenant-dashboard-${userId}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'rental_statements' },
          statementChange('rental', rentalKey),
        )
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'utility_statements' },
          statementChange('utility', utilityKey),
        )
        .on('postgres_changes', { event: '*', schema: 'public', table: 'notices' }, (payload) => {
          const row = payload.new as Row
          if (row?.id && !known(queryClient, noticesKey, row.id)) {
            notify.success('New notice from the centre', { description: text(row.title) })
          }
          void queryClient.invalidateQueries({ queryKey: noticesKey })
        })
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'maintenance_request_events' },
          (payload) => {
            const status = text((payload.new as Row).status)
            // The first entry ('received') is the tenant's own new request: no news.
            if (status !== 'received') {
              notify.success('Maintenance request updated', {
                description: `Status: ${MAINTENANCE_STATUS_LABELS[status as MaintenanceStatus] ?? status}`,
              })
            }
            void queryClient.invalidateQueries({ queryKey: requestsKey })
          },
        )
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'maintenance_comments' },
          (payload) => {
            if ((payload.new as Row).author_role === 'admin') {
              notify.success('New comment from the centre management', {
                description: text((payload.new as Row).body),
              })
            }
            void queryClient.invalidateQueries({ queryKey: requestsKey })
          },
        )
        .subscribe()
    let channel: ReturnType<typeof subscribe> | undefined
    const opening = setTimeout(() => {
      channel = subscribe()
    }, 0)
    return () => {
      clearTimeout(opening)
      if (channel) void getSupabase().removeChannel(channel)
    }
  }, [userId, queryClient])
}
