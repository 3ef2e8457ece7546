import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
  document.head.innerHTML = ''
  vi.resetModules()
})

/** A fresh copy of the module (it remembers its one load). */
const load = async () => (await import('./full-stylesheet')).loadFullStylesheet

describe('loadFullStylesheet', () => {
  it('does nothing on a page that carries the whole stylesheet', async () => {
    document.head.innerHTML = '<style>.a{}</style>'
    await (await load())()
    expect(document.head.querySelectorAll('link')).toHaveLength(0)
  })

  it('adds the whole stylesheet once and waits until it has loaded', async () => {
    document.head.innerHTML = '<style data-full="/assets/style-x.css">.a{}</style>'
    // Kept out of the document, so the test environment does not try to fetch it.
    const added: HTMLLinkElement[] = []
    vi.spyOn(document.head, 'append').mockImplementation((node) => void added.push(node as HTMLLinkElement))
    const loadFullStylesheet = await load()
    let done = false
    const first = loadFullStylesheet().then(() => {
      done = true
    })
    const second = loadFullStylesheet()
    expect(added).toHaveLength(1)
    expect(added[0].rel).toBe('stylesheet')
    expect(added[0].getAttribute('href')).toBe('/assets/style-x.css')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(done).toBe(false)
    added[0].dispatchEvent(new Event('load'))
    await Promise.all([first, second])
    expect(done).toBe(true)
  })

  it('does not wait forever when the stylesheet fails to load', async () => {
    document.head.innerHTML = '<style data-full="/assets/style-x.css">.a{}</style>'
    const added: HTMLLinkElement[] = []
    vi.spyOn(document.head, 'append').mockImplementation((node) => void added.push(node as HTMLLinkElement))
    const pending = (await load())()
    added[0].dispatchEvent(new Event('error'))
    await expect(pending).resolves.toBeUndefined()
  })
})
