import * as z from 'zod/mini'

/**
 * What the app needs to know about its backend. The gateway injects it into index.html as
 * `<script id="app-config" type="application/json">` so the anon key is never built into the bundle;
 * `vite dev` without a gateway page falls back to VITE_* variables.
 */
// zod/mini: this runs on every page's first paint, where full zod would add ~20 KiB of JavaScript.
const EnvSchema = z.object({
  anonKey: z
    .string()
    .check(z.minLength(1, 'The anon key is missing: serve the app through the gateway or set VITE_ANON_KEY')),
  supabaseUrl: z.optional(z.url()),
  siteUrl: z.optional(z.url()),
  /** The gateway's AUTH_MFA_REQUIRED_FOR_ADMINS (default on): admins enrol an authenticator first. */
  adminTwoFactorRequired: z.optional(z.boolean()),
})
export type Env = z.infer<typeof EnvSchema>

function readInjected(doc: Document): unknown {
  const text = doc.getElementById('app-config')?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const emptyToUndefined = (v: string | undefined) => (v ? v : undefined)

export function readEnv(doc: Document = document): Env {
  const injected = readInjected(doc)
  const raw = injected ?? {
    anonKey: import.meta.env.VITE_ANON_KEY,
    supabaseUrl: emptyToUndefined(import.meta.env.VITE_SUPABASE_URL),
    siteUrl: emptyToUndefined(import.meta.env.VITE_SITE_URL),
  }
  const parsed = EnvSchema.safeParse(raw)
  if (!parsed.success) throw new Error(`Invalid app configuration: ${parsed.error.issues[0]?.message}`)
  return parsed.data
}

let cached: Env | undefined
let onServer: Env | undefined

/** On the server (a page rendered on request, prerender.tsx): the configuration the gateway gives the page. */
export function setServerEnv(given: Env): void {
  cached = given
  onServer = given
}

/** The configuration a page rendered on request was given, if this is one (undefined in the browser and the build). */
export function serverEnv(): Env | undefined {
  return onServer
}

/** The configuration, read once. */
export function env(): Env {
  cached ??= readEnv()
  return cached
}

/** The public site URL: the configured one, else this page's origin (docs/product/site.md §2). */
export function siteUrl(): string {
  return (env().siteUrl ?? window.location.origin).replace(/\/$/, '')
}
