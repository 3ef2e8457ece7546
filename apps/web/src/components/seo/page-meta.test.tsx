import '../../testing/setup'
import { render } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MetaTags, PageMeta } from './page-meta'
import { markServed } from './served-head'

const store = { title: 'Volt & "Co"', description: 'Phones <and> laptops.', path: '/stores/volt-and-co' }
const base = 'https://genesis.example'
/** The head the gateway serves for a page (src/prerender.tsx). */
const servedHtml = (props: Parameters<typeof MetaTags>[0]) =>
  markServed(renderToStaticMarkup(<MetaTags {...props} />))

describe('page metadata', () => {
  it('serves the title, description, canonical URL and social card, escaped and marked', () => {
    const html = servedHtml({ ...store, base })
    expect(html).toContain('<title data-served="">Volt &amp; &quot;Co&quot; | Genesis Centre</title>')
    expect(html).toContain('<meta data-served="" name="description" content="Phones &lt;and&gt; laptops."/>')
    expect(html).toContain(
      '<link data-served="" rel="canonical" href="https://genesis.example/stores/volt-and-co"/>',
    )
    expect(html).toContain('property="og:image" content="https://genesis.example/og-image.jpg"')
    expect(html).toContain('property="og:locale" content="en_ZA"')
    expect(html).not.toContain('name="robots"')
    // Every tag is marked for the app to replace.
    expect(html.match(/<(title|meta|link)\b/g)?.length).toBe(html.match(/data-served=""/g)?.length)
  })

  it('gives a noindex page (a 404) no canonical link', () => {
    const html = servedHtml({ ...store, noindex: true, base })
    expect(html).not.toContain('rel="canonical"')
    expect(html).toContain('name="robots" content="noindex, follow"')
  })

  it('replaces the served head with its own: one title, one description and one canonical link', () => {
    document.head.insertAdjacentHTML('beforeend', servedHtml({ ...store, base }))
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
    render(<PageMeta {...store} />)
    expect(document.head.querySelectorAll('[data-served]')).toHaveLength(0)
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
    expect(document.title).toBe('Volt & "Co" | Genesis Centre')
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
  })
})
