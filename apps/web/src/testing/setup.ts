// Imported first by every web test: jest-dom matchers and the app configuration that
// config/env.ts reads (as `vite dev` would provide it).
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, vi } from 'vitest'

vi.stubEnv('VITE_ANON_KEY', 'test-anon-key')
vi.stubEnv('VITE_SUPABASE_URL', 'http://gateway.test')
vi.stubEnv('VITE_SITE_URL', 'https://genesis.example')

// The data clients may keep the fetch they find when they are created, so the fake backend
// is installed behind a fixed function that forwards to whatever handler the current test set.
type Fetch = typeof globalThis.fetch
let current: Fetch = async () => {
  throw new Error('No fake backend installed: call fakeBackend() in the test')
}
export function setFetch(f: Fetch) {
  current = f
}
globalThis.fetch = (input, init) => current(input, init)

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
// Sonner keeps its toasts in module state: dismiss them so one test's toasts never hide the next's.
afterEach(() => {
  toast.dismiss()
  cleanup()
})

// Lazy route modules are transformed on first use; give the first render of a file time for that.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 15_000 })
