import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { ToastHost } from '../components/ui/toasts'
import { createQueryClient } from '../lib/query-client'

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
      <ToastHost />
    </QueryClientProvider>
  )
}
