/**
 * Screenshots of every public page at desktop (1280×800) and phone (360×740) widths, full page,
 * with the system Chromium. Point it at a running gateway:
 *   node scripts/take-screenshots.ts http://localhost:8080 screenshots
 * Used to look at the site before calling a change done; the images are not committed.
 */
import { mkdir } from 'node:fs/promises'
import { chromium } from '@playwright/test'

const base = process.argv[2] ?? 'http://localhost:8080'
const out = process.argv[3] ?? 'screenshots'
const pages = [
  ['home', '/'],
  ['about', '/about'],
  ['stores', '/stores'],
  ['store', '/stores/karoo-butchery-and-deli'],
  ['leasing', '/leasing'],
  ['contact', '/contact'],
  ['privacy', '/privacy'],
  ['not-found', '/no-such-page'],
] as const
const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const

await mkdir(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
  for (const [vpName, viewport] of viewports) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
    const page = await context.newPage()
    // The map is a third-party iframe: keep screenshots independent of the network.
    await page.route('https://www.openstreetmap.org/**', (r) =>
      r.fulfill({ body: '<body style="background:#e7e5e4"></body>', contentType: 'text/html' }),
    )
    for (const [name, path] of pages) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
      // A full-page capture does not scroll, so sections that render only near the screen
      // (content-visibility: auto) would come out blank: draw everything for the picture.
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' })
      // Lazy images load only near the screen: pass over the page once so they are in the picture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          window.scrollTo(0, y)
          await new Promise((resolve) => requestAnimationFrame(resolve))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(300)
      await page.screenshot({ path: `${out}/${name}-${vpName}.png`, fullPage: true })
    }
    await context.close()
  }
} finally {
  await browser.close()
}
console.log(`screenshots in ${out}/`)
