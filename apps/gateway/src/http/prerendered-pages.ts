import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'

/**
 * The web build's prerendered pages (apps/web/scripts/prerender.ts writes `prerendered.json`):
 * URL pattern → HTML file inside the build. A pattern is a path, or a path ending in `/*`, which
 * stands for exactly one more non-empty segment (`/stores/*` matches `/stores/game-zone`, not
 * `/stores` or `/stores/a/b`).
 */
const ManifestSchema = z.record(
  z.string().startsWith('/'),
  // A relative file inside the build: no way out of it.
  z.string().regex(/^[\w-]+(\/[\w-]+)*\.html$/),
)
export type PrerenderedPages = z.infer<typeof ManifestSchema>

/** Reads the manifest of a build; a build without one (or an unreadable one) has no pages. */
export async function readPrerenderedPages(distDir: string): Promise<PrerenderedPages> {
  const text = await readFile(join(distDir, 'prerendered.json'), 'utf8').catch(() => undefined)
  if (text === undefined) return {}
  try {
    return ManifestSchema.parse(JSON.parse(text))
  } catch {
    return {}
  }
}

/** The prerendered file for `path`, if any: an exact pattern wins over a `/*` one. */
export function prerenderedPageFor(pages: PrerenderedPages, path: string): string | undefined {
  const exact = Object.hasOwn(pages, path) ? pages[path] : undefined
  if (exact) return exact
  const slash = path.lastIndexOf('/')
  const segment = path.slice(slash + 1)
  if (slash <= 0 || segment === '') return undefined
  const pattern = `${path.slice(0, slash)}/*`
  return Object.hasOwn(pages, pattern) ? pages[pattern] : undefined
}
