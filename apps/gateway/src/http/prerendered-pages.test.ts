import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prerenderedPageFor, readPrerenderedPages } from './prerendered-pages.ts'

const pages = {
  '/': 'pages/home.html',
  '/stores': 'pages/stores.html',
  '/stores/*': 'pages/store.html',
}

describe('choosing the prerendered page for a path', () => {
  it.each([
    ['/', 'pages/home.html'],
    ['/stores', 'pages/stores.html'],
    ['/stores/game-zone-arcade', 'pages/store.html'],
    ['/stores/', undefined],
    ['/stores/a/b', undefined],
    ['/about', undefined],
    ['/tenant/login', undefined],
    ['/constructor', undefined],
    ['/__proto__/x', undefined],
  ])('%s → %s', (path, expected) => {
    expect(prerenderedPageFor(pages, path)).toBe(expected)
  })
})

describe('reading the manifest of a build', () => {
  const withManifest = (text: string | undefined) => {
    const dir = mkdtempSync(join(tmpdir(), 'genesis-prerendered-'))
    if (text !== undefined) writeFileSync(join(dir, 'prerendered.json'), text)
    return { dir, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) }
  }

  it('reads the pages a build lists', async () => {
    using build = withManifest(JSON.stringify(pages))
    expect(await readPrerenderedPages(build.dir)).toEqual(pages)
  })

  it.each([
    ['no manifest', undefined],
    ['broken JSON', '{'],
    ['a file outside the build', JSON.stringify({ '/': '../secrets.html' })],
    ['an absolute file', JSON.stringify({ '/': '/etc/passwd.html' })],
    ['a file that is not HTML', JSON.stringify({ '/': 'pages/home.js' })],
  ])('treats %s as no prerendered pages', async (_, text) => {
    using build = withManifest(text)
    expect(await readPrerenderedPages(build.dir)).toEqual({})
  })
})
