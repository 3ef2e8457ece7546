import { useLayoutEffect } from 'react'
import { serverEnv, siteUrl } from '../../config/env'
import { SERVED_ATTRIBUTE, servedHead } from './served-head'

export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 }

export interface MetaProps {
  title: string
  description: string
  /** The page's path; the canonical URL is the site URL plus this. */
  path: string
  noindex?: boolean
  siteName?: string
}

interface PageMetaProps extends MetaProps {
  /** schema.org objects for the given site URL, rendered as JSON-LD. */
  jsonLd?: (siteUrl: string) => object | object[]
}

/**
 * Title, description, canonical (none on a noindex page such as a 404), the Open Graph tags and
 * the large-image card of a page at `base`: drawn by the app, and rendered to HTML for the served
 * page's head by the gateway's rendering (src/prerender.tsx), so the two never differ.
 */
export function MetaTags({
  title,
  description,
  path,
  noindex,
  siteName = 'Genesis Centre',
  base,
}: MetaProps & { base: string }) {
  const url = `${base}${path}`
  const image = `${base}${OG_IMAGE.path}`
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {/* A page that should not be indexed (a 404) names no canonical URL of its own. */}
      {noindex ? <meta name="robots" content="noindex, follow" /> : <link rel="canonical" href={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content="en_ZA" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      <meta property="og:image:alt" content={`${siteName}, your neighbourhood shopping centre`} />
      {/* X reads the title, description and image from the Open Graph tags when it has none of its own. */}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  )
}

/** The served head's tags give way to the app's own (React 19 hoists those into <head>). */
function dropServedHead() {
  for (const tag of document.head.querySelectorAll(`[${SERVED_ATTRIBUTE}]`)) tag.remove()
}

/**
 * A page's metadata and JSON-LD. In the browser React 19 hoists <title>, <meta> and <link> into
 * <head> and removes them when the page unmounts; the tags the gateway served in the HTML are
 * removed in the same commit, so there is always exactly one of each. On the gateway (a page
 * rendered on request, decision 016) the head tags are recorded for the served HTML's head and
 * the JSON-LD is drawn inline where the app draws it. The build's data-less first paint has
 * neither: it does not know the running site's URL.
 */
export function PageMeta({ jsonLd, ...meta }: PageMetaProps) {
  useLayoutEffect(dropServedHead, [])
  if (import.meta.env.SSR) {
    const server = serverEnv()
    const base = (server?.siteUrl ?? server?.supabaseUrl)?.replace(/\/$/, '')
    if (!base) return null
    servedHead.meta = { ...meta, base }
    return jsonLd ? <JsonLd data={jsonLd(base)} /> : null
  }
  const base = siteUrl()
  return (
    <>
      <MetaTags {...meta} base={base} />
      {jsonLd && <JsonLd data={jsonLd(base)} />}
    </>
  )
}

function JsonLd({ data }: { data: object | object[] }) {
  return (
    <script
      type="application/ld+json"
      // JSON-LD must be raw JSON; '<' is escaped so no text can close the script element.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised data, escaped above
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  )
}
