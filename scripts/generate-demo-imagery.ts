/**
 * Draws the demo content's imagery (issue 15 §2) from supabase/seed.sql:
 *   - an original SVG logo for every demo store: supabase/seed/images/shop-logos/<shop_no>.svg
 *   - a floor-plan thumbnail for every demo vacant unit (WebP, the floor-plans bucket takes no
 *     SVG): supabase/seed/images/floor-plans/<unit_number>.webp
 * The gateway stores them in the buckets when it seeds the demo (apps/gateway/src/demo/demo-images.ts).
 * Run after changing the seed's shops or units, and commit the output:
 *   node scripts/generate-demo-imagery.ts
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'

const root = new URL('../', import.meta.url).pathname
const out = join(root, 'supabase/seed/images')
const seed = await readFile(join(root, 'supabase/seed.sql'), 'utf8')

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
/** A stable small number from a name, so each store gets its own variation. */
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)

// Warm, saturated pairs (background, ink) with text contrast ≥ 4.5:1 against the background.
const PALETTES = [
  ['#9a3412', '#fff7ed'],
  ['#115e59', '#f0fdfa'],
  ['#1e3a8a', '#eff6ff'],
  ['#831843', '#fdf2f8'],
  ['#3f6212', '#f7fee7'],
  ['#78350f', '#fffbeb'],
  ['#4c1d95', '#f5f3ff'],
  ['#1c1917', '#fde68a'],
  ['#fef3c7', '#7c2d12'],
  ['#ecfeff', '#155e75'],
] as const

/** One emblem per category, drawn in a 48×48 box with `currentColor`-like ink. */
const EMBLEMS: Record<string, (ink: string) => string> = {
  'Grocery & Food': (ink) =>
    `<path d="M6 20h36l-4 20H10z" fill="${ink}"/><path d="M14 20l8-12M34 20l-8-12" stroke="${ink}" stroke-width="3.5" stroke-linecap="round" fill="none"/><path d="M16 26v8M24 26v8M32 26v8" stroke="rgba(0,0,0,.25)" stroke-width="3" stroke-linecap="round"/>`,
  'Fashion & Clothing': (ink) =>
    `<path d="M24 8a5 5 0 1 1 5 5c-3 0-5 2-5 5M24 18L5 34h38z" stroke="${ink}" stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round" fill="none"/>`,
  Electronics: (ink) => `<path d="M27 4L10 27h12l-3 17 19-25H26z" fill="${ink}"/>`,
  'Health & Pharmacy': (ink) => `<path d="M18 6h12v12h12v12H30v12H18V30H6V18h12z" fill="${ink}"/>`,
  'Food & Beverage': (ink) =>
    `<path d="M8 18h26v10a12 12 0 0 1-12 12h-2A12 12 0 0 1 8 28z" fill="${ink}"/><path d="M34 21h3a5 5 0 0 1 0 10h-4" stroke="${ink}" stroke-width="3.5" fill="none"/><path d="M16 6c-2 3 2 5 0 8M24 6c-2 3 2 5 0 8" stroke="${ink}" stroke-width="3" stroke-linecap="round" fill="none"/>`,
  'Children & Family': (ink) =>
    `<path d="M24 5l5.6 11.4 12.6 1.8-9.1 8.9 2.1 12.5L24 33.7l-11.2 5.9 2.1-12.5-9.1-8.9 12.6-1.8z" fill="${ink}"/>`,
  Services: (ink) =>
    `<circle cx="17" cy="17" r="10" stroke="${ink}" stroke-width="4" fill="none"/><path d="M24 24l16 16M33 33l-4 4M38 38l-4 4" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>`,
  'Beauty & Personal Care': (ink) =>
    `<path d="M24 4c7 10 12 17 12 24a12 12 0 0 1-24 0c0-7 5-14 12-24z" fill="${ink}"/><path d="M18 29a6 6 0 0 0 6 6" stroke="rgba(0,0,0,.3)" stroke-width="3" stroke-linecap="round" fill="none"/>`,
  'Home & Garden': (ink) => `<path d="M6 22L24 7l18 15v19H30V29H18v12H6z" fill="${ink}"/>`,
  Entertainment: (ink) =>
    `<circle cx="24" cy="24" r="19" stroke="${ink}" stroke-width="4" fill="none"/><path d="M19 15l14 9-14 9z" fill="${ink}"/>`,
  'Professional Services': (ink) =>
    `<rect x="5" y="15" width="38" height="26" rx="4" fill="${ink}"/><path d="M17 15v-4a3 3 0 0 1 3-3h8a3 3 0 0 1 3 3v4" stroke="${ink}" stroke-width="3.5" fill="none"/><path d="M5 26h38" stroke="rgba(0,0,0,.25)" stroke-width="3"/>`,
}

const sqlText = `'((?:[^']|'')*)'`
const unquote = (s: string) => s.replace(/''/g, "'")
const shops = [
  ...seed.matchAll(new RegExp(`^\\(${sqlText}, ${sqlText}, ${sqlText}, ${sqlText}, ${sqlText}`, 'gm')),
]
  .filter((m) => /^(?:LG|G|UG|M|F)\d+$/.test(m[1]) && Object.hasOwn(EMBLEMS, m[4]))
  .map((m) => ({ shopNo: m[1], name: unquote(m[2]), category: m[4] }))
const units = [...seed.matchAll(/^\('([A-Z]+\d+)', (\d+), '[^']*', (?:true|false), '([^']+)'/gm)].map(
  (m) => ({
    unit: m[1],
    size: Number(m[2]),
    type: m[3],
  }),
)
if (shops.length < 20 || units.length < 4)
  throw new Error(`seed.sql parsed badly: ${shops.length} shops, ${units.length} units`)

/** The words of a name a logo shows: the distinctive part, without "&", "Co." and the like. */
function wordmark(name: string): [string, string | undefined] {
  const words = name
    .replace(/&/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(co\.?|and)$/i.test(w))
  if (words.length === 1) return [words[0], undefined]
  return [words[0], words.slice(1).join(' ')]
}

/** A store's logo: emblem, name and a shape of its own, 160×160, legible from 40 px up. */
function logoSvg(shop: { name: string; category: string }): string {
  const h = hash(shop.name)
  const [bg, ink] = PALETTES[h % PALETTES.length]
  const emblem = (EMBLEMS[shop.category] ?? EMBLEMS.Services)(ink)
  const [first, rest] = wordmark(shop.name)
  const shape = h % 3
  const frame =
    shape === 0
      ? `<rect width="160" height="160" rx="36" fill="${bg}"/>`
      : shape === 1
        ? `<circle cx="80" cy="80" r="80" fill="${bg}"/>`
        : `<rect width="160" height="160" rx="12" fill="${bg}"/><rect x="8" y="8" width="144" height="144" rx="8" fill="none" stroke="${ink}" stroke-opacity=".35" stroke-width="2"/>`
  // Font sizes that fit the width (0.62 em is a wide capital in the fallback sans-serifs).
  const fitSize = (text: string, max: number, size: number) => Math.min(size, max / (text.length * 0.64))
  const big = first.toUpperCase()
  const small = rest?.toUpperCase()
  const font = `font-family="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="${escapeXml(shop.name)} logo">
<title>${escapeXml(shop.name)}</title>
${frame}
<g transform="translate(56 ${small ? 22 : 30})">${emblem}</g>
<text x="80" y="${small ? 100 : 112}" text-anchor="middle" ${font} font-weight="800" font-size="${fitSize(big, 118, 24).toFixed(1)}" fill="${ink}">${escapeXml(big)}</text>
${small ? `<text x="80" y="123" text-anchor="middle" ${font} font-weight="600" font-size="${fitSize(small, 108, 12).toFixed(1)}" fill="${ink}" fill-opacity=".85">${escapeXml(small)}</text>` : ''}
</svg>
`
}

/**
 * A unit's floor plan as a thumbnail: walls, the shopfront with its door, the unit's fittings by
 * type (storeroom, kitchen, ablutions, counter), its dimensions and its number, on plan paper.
 */
function floorPlanSvg(unit: { unit: string; size: number; type: string }): string {
  const W = 480
  const H = 300
  // A plan in proportion to its area: deeper than wide, as line shops are.
  const ratio = unit.type === 'Kiosk' ? 1 : unit.type === 'Office' ? 1.4 : 0.75
  const widthM = Math.sqrt(unit.size * ratio)
  const depthM = unit.size / widthM
  const scale = Math.min((W - 150) / widthM, (H - 90) / depthM)
  const w = widthM * scale
  const d = depthM * scale
  const x = 40 + (W - 150 - w) / 2
  const y = 30 + (H - 90 - d) / 2
  const wall = '#292524'
  const accent = '#c2410c'
  const grid = Array.from({ length: 24 }, (_, i) => `<path d="M${i * 20} 0v${H}M0 ${i * 20}h${W}" />`).join(
    '',
  )
  const door = Math.min(w * 0.28, 48)
  const doorX = x + w / 2 - door / 2
  let fittings = ''
  if (unit.type === 'Restaurant') {
    fittings = `<rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${d * 0.32}" fill="#fed7aa" stroke="${wall}" stroke-width="1.5"/>
      <text x="${x + w / 2}" y="${y + 8 + d * 0.18}" text-anchor="middle" font-size="12" fill="${wall}">Kitchen · extraction</text>
      ${[0.3, 0.5, 0.7].map((f) => `<circle cx="${x + w * f}" cy="${y + d * 0.68}" r="9" fill="none" stroke="${wall}" stroke-width="1.5"/>`).join('')}`
  } else if (unit.type === 'Office') {
    fittings = `<rect x="${x + w - w * 0.26 - 6}" y="${y + 6}" width="${w * 0.26}" height="${d * 0.34}" fill="#e7e5e4" stroke="${wall}" stroke-width="1.5"/>
      <text x="${x + w - w * 0.13 - 6}" y="${y + 6 + d * 0.19}" text-anchor="middle" font-size="11" fill="${wall}">WC</text>
      <path d="M${x + w * 0.45} ${y}v${d * 0.45}" stroke="${wall}" stroke-width="3"/>`
  } else if (unit.type === 'Kiosk') {
    fittings = `<path d="M${x + 14} ${y + d - 18}h${doorX - x - 28}" stroke="${accent}" stroke-width="8" stroke-linecap="round"/>
      <text x="${x + w / 2}" y="${y + d / 2}" text-anchor="middle" font-size="11" fill="${wall}">Counter</text>`
  } else {
    fittings = `<path d="M${x} ${y + d * 0.24}h${w * 0.62}" stroke="${wall}" stroke-width="3"/>
      <text x="${x + w * 0.31}" y="${y + d * 0.14}" text-anchor="middle" font-size="11" fill="${wall}">Store</text>`
  }
  const label = (n: number) => `${n.toFixed(1).replace(/\.0$/, '')} m`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="Helvetica, Arial, sans-serif">
<rect width="${W}" height="${H}" fill="#fffbf5"/>
<g stroke="#f5e6d3" stroke-width="1">${grid}</g>
<rect x="${x}" y="${y}" width="${w}" height="${d}" fill="#ffedd5" fill-opacity=".55"/>
${fittings}
<path d="M${doorX} ${y + d}H${x}V${y}H${x + w}V${y + d}H${doorX + door}" fill="none" stroke="${wall}" stroke-width="6" stroke-linejoin="miter"/>
<path d="M${doorX} ${y + d}h${door}" stroke="#7dd3fc" stroke-width="3"/>
<path d="M${doorX} ${y + d}A${door} ${door} 0 0 1 ${doorX + door} ${y + d - door}" fill="none" stroke="${wall}" stroke-width="1" stroke-dasharray="3 3"/>
<path d="M${x} ${y + d + 18}h${w}M${x} ${y + d + 12}v12M${x + w} ${y + d + 12}v12" stroke="${accent}" stroke-width="1.5"/>
<text x="${x + w / 2}" y="${y + d + 34}" text-anchor="middle" font-size="13" fill="${wall}">${label(widthM)}</text>
<path d="M${x + w + 18} ${y}v${d}M${x + w + 12} ${y}h12M${x + w + 12} ${y + d}h12" stroke="${accent}" stroke-width="1.5"/>
<text x="${x + w + 26}" y="${y + d / 2 + 4}" font-size="13" fill="${wall}">${label(depthM)}</text>
<text x="${W - 16}" y="26" text-anchor="end" font-size="20" font-weight="700" fill="${wall}">${escapeXml(unit.unit)}</text>
<text x="${W - 16}" y="46" text-anchor="end" font-size="13" fill="#57534e">${unit.size} m² · ${escapeXml(unit.type)}</text>
<text x="${x + w / 2}" y="${H - 8}" text-anchor="middle" font-size="11" fill="#57534e">Walkway</text>
</svg>`
}

await mkdir(join(out, 'shop-logos'), { recursive: true })
await mkdir(join(out, 'floor-plans'), { recursive: true })
for (const shop of shops) await writeFile(join(out, 'shop-logos', `${shop.shopNo}.svg`), logoSvg(shop))
for (const unit of units) {
  const webp = await sharp(Buffer.from(floorPlanSvg(unit)))
    .webp({ quality: 82 })
    .toBuffer()
  await writeFile(join(out, 'floor-plans', `${unit.unit}.webp`), webp)
}
console.log(`wrote ${shops.length} logos and ${units.length} floor plans to supabase/seed/images`)
