import type { MetaProps } from './page-meta'

/**
 * The head of the page being rendered on request (decision 016): `PageMeta` records its props
 * here while the gateway's server module renders, and `renderRequest` (src/prerender.tsx) writes
 * the tags into the served HTML's head. Rendering to a string is synchronous, so one slot serves.
 */
export const servedHead: { meta: (MetaProps & { base: string }) | undefined } = { meta: undefined }

/** What PageMeta recorded since the last call, and a clean slate for the next rendering. */
export function takeServedHead(): (MetaProps & { base: string }) | undefined {
  const { meta } = servedHead
  servedHead.meta = undefined
  return meta
}

/** Marks a tag the gateway wrote into the served head; the app removes these once it draws its own. */
export const SERVED_ATTRIBUTE = 'data-served'

/** Head tags as React renders them to HTML (`<title>`, `<meta>`, `<link>`), each marked as served. */
export function markServed(html: string): string {
  return html.replace(/<(title|meta|link)(?=[\s>])/g, `<$1 ${SERVED_ATTRIBUTE}=""`)
}
