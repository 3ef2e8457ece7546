import '../testing/setup'
import { act, useState } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { MetaTags, PageMeta } from '../components/seo/page-meta'
import { markServed } from '../components/seo/served-head'
import { servedMarker } from '../hydration-marks'
import { hydrateServedPage } from './hydrate-served-page'

/**
 * A served page's head tags (title, description, canonical …) are written by the gateway and
 * marked as served (src/prerender.tsx); the page itself is in #root. Hydrating it, React 19 adopts
 * the head tags it draws instead of creating its own (decision 040).
 */
const meta = { title: 'Store Directory', description: 'Every store.', path: '/stores' }
const base = 'https://genesis.example'

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true)

function Directory({ onFilter }: { onFilter?: () => void }) {
  const [filtered, setFiltered] = useState(false)
  return (
    <>
      <PageMeta {...meta} noindex={filtered} />
      <button
        type="button"
        onClick={() => {
          setFiltered(true)
          onFilter?.()
        }}
      >
        {filtered ? 'Filtered' : 'Filter'}
      </button>
    </>
  )
}

function servePage(noindex = false) {
  document.head.insertAdjacentHTML(
    'beforeend',
    markServed(renderToStaticMarkup(<MetaTags {...meta} noindex={noindex} base={base} />)),
  )
  const root = document.createElement('div')
  // The gateway renders PageMeta's head tags into the head, not where the page draws it.
  root.innerHTML = renderToString(<Directory />).replace(/<(title|meta|link)[^>]*>(<\/title>)?/g, '')
  root.innerHTML = servedMarker(Date.now()) + root.innerHTML.replace(/.*?(<button)/, '$1')
  document.body.append(root)
  return root
}

const errors: unknown[] = []
const onError = (event: ErrorEvent) => errors.push(event.error)

afterEach(() => {
  window.removeEventListener('error', onError)
  errors.length = 0
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('hydrating a served page', () => {
  it('keeps the served head tags as the app’s own, so a later change of them commits', async () => {
    window.addEventListener('error', onError)
    const root = servePage()
    const button = root.querySelector('button')
    await act(async () => hydrateServedPage(root, <Directory />))
    expect(root.dataset.hydration).toBe('clean')
    // The served button is the app's node: nothing was drawn again.
    expect(root.querySelector('button')).toBe(button)
    // One title, description and canonical link: the served ones, now the app's.
    expect(document.title).toBe('Store Directory | Genesis Centre')
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    expect(document.head.querySelectorAll('[data-served]')).toHaveLength(0)

    // A filter makes the page noindex: React removes the canonical link it adopted. Before the
    // fix, PageMeta had already taken the adopted tags out of the document, so this commit threw
    // (removeChild of null) and the screen never showed the filter (the /stores bug).
    await act(async () => button?.click())
    expect(errors).toEqual([])
    expect(root.querySelector('button')?.textContent).toBe('Filtered')
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(0)
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
    expect(document.title).toBe('Store Directory | Genesis Centre')
  })

  it('leaves one of each head tag when React has to draw the page again', async () => {
    const root = servePage()
    // The served text differs from the app's first frame: React draws the whole page again.
    const button = root.querySelector('button')
    if (button) button.textContent = 'Something else'
    await act(async () => hydrateServedPage(root, <Directory />))
    expect(root.dataset.hydration).toBe('recovered')
    expect(root.querySelector('button')).not.toBe(button)
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
    expect(document.title).toBe('Store Directory | Genesis Centre')
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
  })
})
