import { serverEnv, siteUrl } from '../../config/env'

export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 }

interface PageMetaProps {
  title: string
  description: string
  /** The page's path; the canonical URL is the site URL plus this. */
  path: string
  noindex?: boolean
  /** schema.org objects for the given site URL, rendered as JSON-LD. */
  jsonLd?: (siteUrl: string) => object | object[]
  siteName?: string
}

/**
 * Title, description, canonical, Open Graph/Twitter card and JSON-LD of a page. React 19 hoists
 * <title>, <meta> and <link> into <head> and removes them when the page unmounts. Not part of the
 * build's prerendered first paint (src/prerender.tsx): the absolute URLs need the running site's
 * URL; a page rendered on request carries its JSON-LD.
 */
export function PageMeta({
  title,
  description,
  path,
  noindex,
  jsonLd,
  siteName = 'Genesis Centre',
}: PageMetaProps) {
  if (import.meta.env.SSR) {
    // Rendered on request by the gateway (decision 016), which knows the site's URL: the JSON-LD
    // goes into the served HTML, in the same place the app will draw it. Head tags stay the app's
    // (renderToString does not hoist them), and the build's data-less first paint has none.
    const server = serverEnv()
    const base = (server?.siteUrl ?? server?.supabaseUrl)?.replace(/\/$/, '')
    return base && jsonLd ? <JsonLd data={jsonLd(base)} /> : null
  }
  const base = siteUrl()
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
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
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
