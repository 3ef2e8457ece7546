import type { Page } from '@playwright/test'

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
