import '../testing/setup'
import { act, type ComponentType, lazy, Suspense, useState } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { LivePart } from '../components/live-part'
import { MetaTags, PageMeta } from '../components/seo/page-meta'
import { markServed } from '../components/seo/served-head'
import { markInertUntilLive, servedMarker } from '../hydration-marks'
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

/** A field drawn by a lazily loaded component, as the leasing enquiry form is. */
function NameField() {
  const [name, setName] = useState('')
  return <input aria-label="First name" value={name} onChange={(event) => setName(event.target.value)} />
}

/** A page with a control of its own and a lazily loaded part in a Suspense boundary. */
function PageWithLazyPart({ Part }: { Part: ComponentType }) {
  return (
    <>
      <button type="button">Menu</button>
      <Suspense fallback={<p>Loading the form…</p>}>
        <LivePart>
          <Part />
        </LivePart>
      </Suspense>
    </>
  )
}

describe('hydrating a served page with a lazily loaded part', () => {
  it('keeps the part’s fields inert until React has hydrated them, then makes them live', async () => {
    // The gateway renders the part completely (its code is loaded there) and marks every control.
    const root = document.createElement('div')
    root.innerHTML =
      servedMarker(Date.now()) + markInertUntilLive(renderToString(<PageWithLazyPart Part={NameField} />))
    document.body.append(root)
    const served = root.querySelector('input')

    // In the browser the part's code has not arrived when the page is hydrated.
    let arrive: (module: { default: typeof NameField }) => void = () => {}
    const Part = lazy(() => new Promise<{ default: typeof NameField }>((resolve) => (arrive = resolve)))
    await act(async () => hydrateServedPage(root, <PageWithLazyPart Part={Part} />))

    // The page's own control answers; the part's field is still the served markup: typing into it
    // would be lost when React takes it over, so it stays inert.
    expect(root.dataset.hydration).toBe('clean')
    expect(root.querySelector('button')).not.toHaveAttribute('inert')
    expect(root.querySelector('input')).toHaveAttribute('inert')

    await act(async () => arrive({ default: NameField }))
    // Hydrated, not drawn again: the served field is React's now, and it answers.
    expect(root.dataset.hydration).toBe('clean')
    expect(root.querySelector('input')).toBe(served)
    expect(root.querySelector('input')).not.toHaveAttribute('inert')
    expect(root.querySelectorAll('[inert]')).toHaveLength(0)
  })
})
