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

function tree(x: number, y: number, s: number) {
  return `<g><rect x="${x - 4 * s}" y="${y - 40 * s}" width="${8 * s}" height="${40 * s}" fill="#78350f"/>
    <circle cx="${x}" cy="${y - 60 * s}" r="${30 * s}" fill="#3f6212"/>
    <circle cx="${x - 18 * s}" cy="${y - 45 * s}" r="${20 * s}" fill="#4d7c0f"/>
    <circle cx="${x + 20 * s}" cy="${y - 48 * s}" r="${22 * s}" fill="#65a30d"/></g>`
}

function person(x: number, y: number, color: string, s = 1) {
  return `<g fill="${color}"><circle cx="${x}" cy="${y - 52 * s}" r="${8 * s}"/>
    <rect x="${x - 9 * s}" y="${y - 43 * s}" width="${18 * s}" height="${28 * s}" rx="${7 * s}"/>
    <rect x="${x - 7 * s}" y="${y - 18 * s}" width="${6 * s}" height="${18 * s}" rx="2"/>
    <rect x="${x + 1 * s}" y="${y - 18 * s}" width="${6 * s}" height="${18 * s}" rx="2"/></g>`
}

/** Hero 1: the centre's facade on a bright morning. */
function facade(w: number, h: number) {
  const r = rng(7)
  const base = h * 0.78
  const shops = Array.from({ length: 6 }, (_, i) => {
    const sx = 190 + i * 205
    const c = AWNINGS[i % AWNINGS.length]
    const stripes = Array.from({ length: 5 }, (_, k) =>
      k % 2
        ? ''
        : `<rect x="${sx + k * 34}" y="${base - 190}" width="34" height="34" fill="#fff" opacity="0.85"/>`,
    ).join('')
    return `<rect x="${sx}" y="${base - 190}" width="170" height="34" fill="${c}"/>${stripes}
      <path d="M${sx} ${base - 156} h170 l-10 14 h-150 z" fill="${c}" opacity="0.8"/>
      <rect x="${sx + 10}" y="${base - 140}" width="150" height="140" fill="#fde68a" opacity="0.55"/>
      <rect x="${sx + 10}" y="${base - 140}" width="150" height="140" fill="none" stroke="#f5f5f4" stroke-width="6"/>
      <rect x="${sx + 62}" y="${base - 90}" width="46" height="90" fill="#44403c" opacity="0.35"/>`
  }).join('')
  const clouds = Array.from({ length: 5 }, () => {
    const cx = r() * w
    const cy = 60 + r() * 160
    return `<g fill="#fff" opacity="0.85"><ellipse cx="${cx}" cy="${cy}" rx="90" ry="26"/><ellipse cx="${cx + 50}" cy="${cy - 16}" rx="55" ry="24"/></g>`
  }).join('')
  const people = Array.from({ length: 9 }, (_, i) =>
    person(
      120 + i * 165 + r() * 60,
      base + 70 + r() * 40,
      ['#292524', '#7c2d12', '#134e4a', '#44403c'][i % 4],
      1.3,
    ),
  ).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdba74"/><stop offset="0.55" stop-color="#fed7aa"/><stop offset="1" stop-color="#fff7ed"/></linearGradient></defs>
  <rect width="1600" height="900" fill="url(#sky)"/>
  <circle cx="1330" cy="170" r="90" fill="#fb923c" opacity="0.9"/>
  ${clouds}
  <path d="M0 ${base - 260} q200 -60 400 -20 t400 -10 t400 -30 t400 10 v400 h-1600z" fill="#fcd9b6"/>
  <rect x="150" y="${base - 360}" width="1300" height="360" fill="#fafaf9"/>
  <rect x="150" y="${base - 380}" width="1300" height="30" fill="#e7e5e4"/>
  <path d="M640 ${base - 380} v-110 a160 160 0 0 1 320 0 v110z" fill="#fafaf9" stroke="#e7e5e4" stroke-width="10"/>
  <path d="M720 ${base - 400} v-60 a80 80 0 0 1 160 0 v60z" fill="#c2410c"/>
  <path d="M800 ${base - 470} a30 30 0 1 0 28 40 h-26" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round"/>
  <text x="800" y="${base - 300}" font-family="Inter, Arial, sans-serif" font-size="44" font-weight="800" text-anchor="middle" fill="#7c2d12" letter-spacing="6">GENESIS CENTRE</text>
  ${shops}
  <rect x="0" y="${base}" width="1600" height="${900 - base}" fill="#d6d3d1"/>
  <rect x="0" y="${base}" width="1600" height="16" fill="#a8a29e"/>
  ${tree(90, base + 10, 1.6)}${tree(1520, base + 10, 1.8)}${tree(560, base + 10, 1.1)}${tree(1050, base + 10, 1.1)}
  ${people}
</svg>`
}

/** Hero 2: the piazza with market stalls and string lights in the evening. */
function piazza(w: number, h: number) {
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
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice">
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
