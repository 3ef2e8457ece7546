/**
 * Draws the site's original artwork as SVG and renders it with sharp: the two hero images (AVIF
 * and WebP, 1600×900 and 800×450) and the 1200×630 social card. Run after changing the drawings:
 *   node scripts/generate-artwork.ts
 * The outputs are committed under apps/web/public so a build needs no image tooling.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import sharp from 'sharp'

const out = new URL('../apps/web/public/', import.meta.url).pathname

// A small deterministic random source so re-running gives the same pictures.
function rng(seed: number) {
  let s = seed
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296
    return s / 4294967296
  }
}

const AWNINGS = ['#c2410c', '#0f766e', '#b45309', '#be123c', '#1d4ed8', '#4d7c0f']

function person(x: number, y: number, color: string, s = 1) {
  return `<g fill="${color}"><circle cx="${x}" cy="${y - 52 * s}" r="${8 * s}"/>
    <rect x="${x - 9 * s}" y="${y - 43 * s}" width="${18 * s}" height="${28 * s}" rx="${7 * s}"/>
    <rect x="${x - 7 * s}" y="${y - 18 * s}" width="${6 * s}" height="${18 * s}" rx="2"/>
    <rect x="${x + 1 * s}" y="${y - 18 * s}" width="${6 * s}" height="${18 * s}" rx="2"/></g>`
}

/**
 * Hero 1: the centre's facade on a warm morning, under jacarandas. Composed for the text: the
 * building stands in the right half (and, cropped for phones, fills the lower part), the left
 * half is sky and the shade of the trees, where the headline sits over a gradient (hero-carousel.tsx).
 */
function facade(outW: number, outH: number, align = 'xMidYMid') {
  const [w, h] = [1600, 900]
  const r = rng(7)
  const base = h * 0.8
  const left = 700
  const shopW = 170
  const shops = Array.from({ length: 5 }, (_, i) => {
    const sx = left + 30 + i * (shopW + 9)
    const c = AWNINGS[(i + 1) % AWNINGS.length]
    const stripes = Array.from({ length: 5 }, (_, k) =>
      k % 2
        ? ''
        : `<rect x="${sx + k * 34}" y="${base - 200}" width="34" height="36" fill="#fff7ed" opacity="0.9"/>`,
    ).join('')
    const goods = Array.from({ length: 10 }, (_, k) => {
      const gx = sx + 22 + (k % 5) * 30
      const gy = base - 30 - Math.floor(k / 5) * 22
      return `<circle cx="${gx}" cy="${gy}" r="${9 + r() * 3}" fill="${['#f97316', '#facc15', '#65a30d', '#dc2626', '#fb923c'][(k + i) % 5]}"/>`
    }).join('')
    return `<rect x="${sx}" y="${base - 200}" width="${shopW}" height="36" fill="${c}"/>${stripes}
      <path d="M${sx - 6} ${base - 164} h${shopW + 12} l-12 18 h-${shopW - 12} z" fill="${c}"/>
      <rect x="${sx + 8}" y="${base - 146}" width="${shopW - 16}" height="146" fill="#fef3c7"/>
      <rect x="${sx + 8}" y="${base - 146}" width="${shopW - 16}" height="146" fill="url(#glass)"/>
      <rect x="${sx + 8}" y="${base - 146}" width="${shopW - 16}" height="146" fill="none" stroke="#fafaf9" stroke-width="6"/>
      <rect x="${sx + 4}" y="${base - 52}" width="${shopW - 8}" height="52" fill="#92400e"/>${goods}`
  }).join('')
  const clouds = Array.from({ length: 4 }, () => {
    const cx = 200 + r() * 1300
    const cy = 70 + r() * 120
    return `<g fill="#fff7ed" opacity="0.75"><ellipse cx="${cx}" cy="${cy}" rx="95" ry="24"/><ellipse cx="${cx + 52}" cy="${cy - 15}" rx="55" ry="22"/></g>`
  }).join('')
  const jacaranda = (x: number, y: number, s: number) =>
    `<g><path d="M${x - 8 * s} ${y} q${6 * s} -${70 * s} -${30 * s} -${130 * s} M${x + 4 * s} ${y} q${4 * s} -${90 * s} ${40 * s} -${140 * s}" stroke="#57351c" stroke-width="${14 * s}" fill="none" stroke-linecap="round"/>
    ${Array.from({ length: 14 }, () => `<circle cx="${x + (r() - 0.5) * 260 * s}" cy="${y - 150 * s - r() * 110 * s}" r="${(38 + r() * 30) * s}" fill="${['#7e22ce', '#9333ea', '#a855f7', '#6b21a8'][Math.floor(r() * 4)]}" opacity="0.92"/>`).join('')}</g>`
  const blossoms = Array.from(
    { length: 60 },
    () =>
      `<circle cx="${r() * 640}" cy="${base + 14 + r() * (h - base - 20)}" r="${2 + r() * 3}" fill="#c084fc" opacity="0.8"/>`,
  ).join('')
  const people = [
    [180, '#7c2d12', 1.5],
    [420, '#134e4a', 1.4],
    [560, '#1e3a8a', 1.45],
    [820, '#292524', 1.35],
    [1060, '#9d174d', 1.4],
    [1330, '#3f6212', 1.5],
    [1480, '#44403c', 1.35],
  ] as const
  const crowd = people
    .map(
      ([x, c, s]) =>
        `${person(x + r() * 30, base + 78 + r() * 30, c, s)}<rect x="${x + 12 * s}" y="${base + 40}" width="${14 * s}" height="${18 * s}" rx="3" fill="#f59e0b"/>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="${align} slice">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fb923c"/><stop offset="0.5" stop-color="#fdba74"/><stop offset="1" stop-color="#ffedd5"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fde68a" stop-opacity="0.4"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7c2d12" stop-opacity="0.3"/><stop offset="0.7" stop-color="#7c2d12" stop-opacity="0.12"/><stop offset="1" stop-color="#7c2d12" stop-opacity="0"/></linearGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff7ed"/><stop offset="1" stop-color="#fed7aa"/></linearGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#sky)"/>
  <circle cx="1180" cy="150" r="80" fill="#fef3c7" opacity="0.95"/>
  <circle cx="1180" cy="150" r="130" fill="#fef3c7" opacity="0.25"/>
  ${clouds}
  <path d="M0 ${base - 250} l60 -40 l50 30 l40 -70 l30 50 l60 -20 l50 40 l70 -60 l40 30 v${260} h-400z" fill="#c2410c" opacity="0.25"/>
  <rect x="346" y="${base - 420}" width="10" height="120" fill="#9a3412" opacity="0.3"/>
  <rect x="${left}" y="${base - 380}" width="${1600 - left}" height="380" fill="url(#wall)"/>
  <rect x="${left}" y="${base - 400}" width="${1600 - left}" height="26" fill="#9a3412"/>
  <path d="M${left + 300} ${base - 400} v-70 a150 70 0 0 1 300 0 v70z" fill="#fff7ed" stroke="#9a3412" stroke-width="8"/>
  <rect x="${left + 330}" y="${base - 360}" width="240" height="56" rx="10" fill="#7c2d12"/>
  <text x="${left + 450}" y="${base - 322}" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="800" text-anchor="middle" fill="#fff7ed" letter-spacing="5">GENESIS</text>
  ${Array.from({ length: 9 }, (_, i) => `<rect x="${left + 24 + i * 98}" y="${base - 290}" width="70" height="46" rx="4" fill="#fdba74" opacity="0.7"/>`).join('')}
  ${shops}
  <rect x="0" y="${base}" width="1600" height="${900 - base}" fill="#e7d5c0"/>
  <rect x="0" y="${base}" width="1600" height="10" fill="#a8a29e"/>
  ${Array.from({ length: 16 }, (_, i) => `<path d="M${i * 110} ${base + 10} l-60 ${900 - base}" stroke="#d6c2aa" stroke-width="3"/>`).join('')}
  ${blossoms}
  ${jacaranda(120, base + 20, 1.5)}${jacaranda(470, base + 10, 1.15)}
  <rect x="0" y="0" width="900" height="900" fill="url(#shade)"/>
  ${crowd}
</svg>`
}

/** Hero 2: the piazza with market stalls and string lights in the evening. */
function piazza(outW: number, outH: number, align = 'xMidYMid') {
  const [w, h] = [1600, 900]
  const r = rng(21)
  const base = h * 0.8
  const lights = Array.from({ length: 3 }, (_, row) => {
    const y0 = 120 + row * 70
    const bulbs = Array.from({ length: 26 }, (_, i) => {
      const x = i * 64 + 16
      const y = y0 + Math.sin((i / 25) * Math.PI) * 60
      return `<circle cx="${x}" cy="${y}" r="7" fill="#fde68a"/><circle cx="${x}" cy="${y}" r="16" fill="#fde68a" opacity="0.25"/>`
    }).join('')
    return `<path d="M0 ${y0} Q800 ${y0 + 120} 1600 ${y0}" stroke="#44403c" stroke-width="2" fill="none"/>${bulbs}`
  }).join('')
  const stalls = Array.from({ length: 5 }, (_, i) => {
    const x = 80 + i * 300
    const c = AWNINGS[(i + 2) % AWNINGS.length]
    const scallops = Array.from(
      { length: 6 },
      (_, k) => `<circle cx="${x + 20 + k * 40}" cy="${base - 250}" r="20" fill="${c}"/>`,
    ).join('')
    const goods = Array.from({ length: 8 }, (_, k) => {
      const gx = x + 25 + (k % 4) * 55
      const gy = base - 150 + Math.floor(k / 4) * 45
      return `<circle cx="${gx}" cy="${gy}" r="${14 + r() * 6}" fill="${['#f97316', '#facc15', '#84cc16', '#ef4444'][k % 4]}"/>`
    }).join('')
    return `<rect x="${x}" y="${base - 320}" width="240" height="70" fill="${c}"/>${scallops}
      <rect x="${x + 8}" y="${base - 250}" width="10" height="250" fill="#57534e"/><rect x="${x + 222}" y="${base - 250}" width="10" height="250" fill="#57534e"/>
      <rect x="${x}" y="${base - 110}" width="240" height="110" fill="#a16207"/>${goods}`
  }).join('')
  const people = Array.from({ length: 8 }, (_, i) =>
    person(150 + i * 190 + r() * 50, base + 60 + r() * 30, ['#1c1917', '#292524', '#3f3f46'][i % 3], 1.4),
  ).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="${align} slice">
  <defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7c2d12"/><stop offset="0.6" stop-color="#c2410c"/><stop offset="1" stop-color="#fb923c"/></linearGradient></defs>
  <rect width="1600" height="900" fill="url(#dusk)"/>
  <rect x="0" y="${base - 420}" width="1600" height="420" fill="#9a3412" opacity="0.35"/>
  ${lights}
  ${stalls}
  <rect x="0" y="${base}" width="1600" height="${900 - base}" fill="#44403c"/>
  ${people}
</svg>`
}

/** The 1200×630 social card: the facade with the name and a line. */
function socialCard() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fff7ed"/>
  <image href="data:image/svg+xml;base64,${Buffer.from(facade(1200, 630)).toString('base64')}" x="0" y="0" width="1200" height="630" opacity="0.35"/>
  <rect x="60" y="150" width="1080" height="330" rx="32" fill="#ffffff" opacity="0.92"/>
  <rect x="110" y="215" width="90" height="90" rx="22" fill="#c2410c"/>
  <path d="M182 247A22 22 0 1 0 184 264h-20" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="230" y="290" font-family="Inter, Arial, sans-serif" font-size="76" font-weight="800" fill="#1c1917">Genesis Centre</text>
  <text x="112" y="385" font-family="Inter, Arial, sans-serif" font-size="36" fill="#57534e">Your neighbourhood shopping centre in Johannesburg</text>
  <text x="112" y="440" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="600" fill="#9a3412">25+ stores · 400+ free parking bays · 24/7 security</text>
</svg>`
}

await mkdir(`${out}images`, { recursive: true })
for (const [name, draw] of [
  ['hero-1', facade],
  ['hero-2', piazza],
] as const) {
  // Phones (portrait, art-directed in hero-carousel.tsx): the scene's right and lower part.
  for (const [width, height] of [
    [720, 1040],
    [480, 694],
  ] as const) {
    const png = await sharp(Buffer.from(draw(width, height, 'xMaxYMax')))
      .png()
      .toBuffer()
    await sharp(png).avif({ quality: 55 }).toFile(`${out}images/${name}-portrait-${width}.avif`)
    await sharp(png).webp({ quality: 78 }).toFile(`${out}images/${name}-portrait-${width}.webp`)
  }
  for (const width of [1600, 800]) {
    const height = Math.round((width * 9) / 16)
    const png = await sharp(Buffer.from(draw(1600, 900)))
      .resize(width, height)
      .png()
      .toBuffer()
    await sharp(png).avif({ quality: 55 }).toFile(`${out}images/${name}-${width}.avif`)
    await sharp(png).webp({ quality: 78 }).toFile(`${out}images/${name}-${width}.webp`)
  }
}
await sharp(Buffer.from(socialCard())).jpeg({ quality: 85, mozjpeg: true }).toFile(`${out}og-image.jpg`)
await writeFile(
  `${out}favicon.svg`,
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><title>Genesis Centre</title><rect width="40" height="40" rx="10" fill="#c2410c"/><path d="M29 14.5A10 10 0 1 0 30 22h-9" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`,
)
console.log('artwork written to apps/web/public')
