import { type CSSProperties, useEffect, useState, useSyncExternalStore } from 'react'

/** The spec (docs/product/site.md §9): toasts last 4 to 5 seconds, at most 3 visible at once. */
export const TOAST_DURATION_MS = 4500
export const VISIBLE_TOASTS = 3

type Sonner = typeof import('sonner')

/**
 * The rich colours of the toasts, replacing sonner's light theme where its text is too faint:
 * its success green on its green background is 4.25:1, below WCAG AA's 4.5:1 for body text.
 * These pairs (Tailwind's green/red 800 on 50) are about 7:1; `toasts.test.tsx` checks them.
 */
export const TOAST_COLOURS = {
  '--success-bg': '#f0fdf4',
  '--success-border': '#bbf7d0',
  '--success-text': '#166534',
  '--error-bg': '#fef2f2',
  '--error-border': '#fecaca',
  '--error-text': '#991b1b',
} as const
interface ToastOptions {
  description?: string
}

/**
 * Toasts appear only after a visitor sends a form, so their library (sonner, about 10 KiB and a
 * stylesheet it injects) is fetched then, never with a page: forms call `prepareToasts()` when
 * they start sending, and the first toast mounts the host. Sonner replays toasts shown before its
 * host subscribed, so nothing shown early is lost.
 */
let sonner: Promise<Sonner> | undefined
let wanted = false
const listeners = new Set<() => void>()

function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined // a later toast tries again
    throw error
  })
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  return sonner
}

/** Starts fetching the toast library (idempotent); forms call it as they start sending. */
export function prepareToasts(): void {
  loadSonner().catch(() => undefined) // show() falls back to an alert
}

async function show(kind: 'success' | 'error', message: string, options?: ToastOptions) {
  try {
    const { toast } = await loadSonner()
    toast[kind](message, options)
  } catch {
    // The library could not be fetched (offline?): the visitor must still learn the outcome.
    window.alert(options?.description ? `${message}\n${options.description}` : message)
  }
}

/** The site's toasts (docs/product/site.md §5, §8, §9). */
export const notify = {
  success: (message: string, options?: ToastOptions) => void show('success', message, options),
  error: (message: string, options?: ToastOptions) => void show('error', message, options),
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Where toasts are drawn (top right, docs/product/site.md §9); renders nothing until the first one is wanted. */
export function ToastHost() {
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  const [library, setLibrary] = useState<Sonner>()
  useEffect(() => {
    if (!needed || library) return
    let current = true
    loadSonner().then(
      (loaded) => current && setLibrary(loaded),
      () => undefined, // show() falls back to an alert
    )
    return () => {
      current = false
    }
  }, [needed, library])
  if (!library) return null
  const { Toaster } = library
  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      visibleToasts={VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS}
      style={TOAST_COLOURS as CSSProperties}
    />
  )
}
