import { expect, type Page } from '@playwright/test'

/** The largest difference of one colour channel between two PNG screenshots of the same size, decoded by the page. */
export async function largestChannelDifference(page: Page, a: Buffer, b: Buffer) {
  return page.evaluate(
    async ([a64, b64]) => {
      const pixels = async (b64: string) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
        context.drawImage(bitmap, 0, 0)
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data
      }
      const [pa, pb] = [await pixels(a64), await pixels(b64)]
      if (pa.length !== pb.length) return 255
      let max = 0
      for (let i = 0; i < pa.length; i++) max = Math.max(max, Math.abs(pa[i] - pb[i]))
      return max
    },
    [a.toString('base64'), b.toString('base64')],
  )
}

/**
 * A sticky header's glass (`.glass-header-pane`, decision 070), on a page opened at its top: no
 * backdrop filter there, and the same pixels as the always-blurred glass it replaced; the blur once
 * `scrollBy` pixels of the page have scrolled under it, and none again back at the top.
 */
export async function expectGlassBlursOnlyWhenScrolledUnder(page: Page, scrollBy: number) {
  const glass = page.locator('header .glass-header-pane')
  const backdrop = () => glass.evaluate((el) => getComputedStyle(el).backdropFilter)
  // At the top nothing but the page's plain colour is under the header: no filter to redraw.
  expect(await backdrop()).toBe('none')
  const unblurred = await glass.screenshot()
  const always = await page.addStyleTag({
    content: '.glass-header-pane { backdrop-filter: blur(8px) !important }',
  })
  expect(await backdrop()).toBe('blur(8px)')
  const blurred = await glass.screenshot()
  // A separate render pass may round a text edge by one level: at most 2 of 255 per channel.
  expect(await largestChannelDifference(page, unblurred, blurred)).toBeLessThanOrEqual(2)
  await always.evaluate((el) => (el as Element).remove())
  // Scrolled, the page's content is under the header and the glass blurs it.
  await page.mouse.wheel(0, scrollBy)
  await expect.poll(backdrop).toBe('blur(8px)')
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect.poll(backdrop).toBe('none')
}
