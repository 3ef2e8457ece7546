/**
 * Public pages carry a stylesheet without the rules only the tenant portal and the back office use
 * (decision 049); their `<style>` names the whole stylesheet in `data-full`. The portal's and the
 * back office's routes await this before they draw (their `ready`), so a visitor who goes on from a
 * public page to a sign-in page or the portal gets every rule first, never a frame without them.
 * Pages served with the whole stylesheet (the portal's own pages) have no `data-full`: nothing to do.
 * The whole stylesheet repeats the public rules in the same order after them, so the cascade is
 * the whole stylesheet's.
 */
let loading: Promise<void> | undefined

export function loadFullStylesheet(doc: Document = document): Promise<void> {
  const href = doc.querySelector<HTMLStyleElement>('style[data-full]')?.dataset.full
  if (!href) return Promise.resolve()
  loading ??= new Promise<void>((resolve) => {
    const link = doc.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    // A failed load leaves the public rules (most of the portal's): drawing beats waiting forever.
    link.onload = link.onerror = () => resolve()
    doc.head.append(link)
  })
  return loading
}
