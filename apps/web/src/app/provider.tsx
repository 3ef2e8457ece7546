import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Toaster } from 'sonner'
import { createQueryClient } from '../lib/query-client'

/** Spec §9: toasts last 4 to 5 seconds, at most 3 visible at once. */
export const TOAST_DURATION_MS = 4500
export const VISIBLE_TOASTS = 3

/** App-wide providers. Monitoring starts in main.tsx, before the first render. */
export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode
  queryClient?: QueryClient
}) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-right"
        richColors
        closeButton
        visibleToasts={VISIBLE_TOASTS}
        duration={TOAST_DURATION_MS}
      />
    </QueryClientProvider>
  )
}
