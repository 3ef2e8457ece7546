import { describe, expect, it } from 'vitest'
import { classesOf, parse, purgeCss, serialize } from '../apps/web/scripts/public-css.ts'

// Shaped like the build's minified Tailwind output (decision 049).
const CSS = [
  '@font-face{font-family:Inter Variable;src:url(/a.woff2)format("woff2")}',
  '@layer properties{@supports (x:y){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial;--tw-content:""}}}',
  '@layer theme{:root,:host{--spacing:.25rem;--text-lg:1.125rem;--text-lg--line-height:calc(1.75/1.125);--color-brand-700:#c2410c;--color-unused:#000;--animate-spin:spin 1s linear infinite;--animate-pulse:pulse 2s infinite}}',
  '@layer base{html{line-height:1.5}input::-webkit-search-cancel-button{mask:url("data:image/svg+xml,%3Csvg a=\'{}\'%3E")}}',
  '@layer components;',
  '@layer utilities{.flex{display:flex}.grid{display:grid}.p-4{padding:calc(var(--spacing) * 4)}',
  '.text-lg{font-size:var(--text-lg);line-height:var(--tw-leading,var(--text-lg--line-height))}',
  '.shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}',
  '.blur{--tw-blur:blur(8px);filter:var(--tw-blur)}',
  '.animate-spin{animation:var(--animate-spin)}.animate-pulse{animation:var(--animate-pulse)}',
  '@media (width>=48rem){.md\\:px-4{padding-inline:calc(var(--spacing) * 4)}.md\\:grid-cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}}',
  '.\\[\\&_h1\\]\\:font-bold h1,.\\[\\&_h2\\]\\:font-bold h2{font-weight:700}',
  '.group:hover .group-hover\\:underline{text-decoration:underline}.is-open .menu-panel{display:block}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}@keyframes pulse{50%{opacity:.5}}',
].join('')

describe('purgeCss', () => {
  it('reads the minified stylesheet back as it was written', () => {
    expect(serialize(parse(CSS))).toBe(CSS)
  })

  it('unescapes the class names a selector requires', () => {
    expect(classesOf('.md\\:px-4')).toEqual(['md:px-4'])
    expect(classesOf('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline'])
    expect(classesOf(':is([multiple],[size])')).toEqual([])
  })

  it('keeps the rules whose classes the code names and drops the others', () => {
    const out = purgeCss(CSS, 'className: "flex md:px-4 text-lg shadow animate-spin"')
    expect(out).toContain('.flex{display:flex}')
    expect(out).toContain('.md\\:px-4{')
    expect(out).toContain('.text-lg{')
    expect(out).not.toContain('.grid{')
    expect(out).not.toContain('.p-4{')
    expect(out).not.toContain('md\\:grid-cols-3')
    expect(out).not.toContain('group-hover')
    expect(out).not.toContain('.blur{')
  })

  it('keeps element rules, layers (their order) and at-rules without classes', () => {
    const out = purgeCss(CSS, '')
    expect(out).toContain('@font-face{')
    expect(out).toContain('@layer base{html{line-height:1.5}input::-webkit-search-cancel-button{mask:url(')
    expect(out).toContain('@layer components;')
    expect(out).toContain('@layer utilities{}')
    // A media query left without rules goes.
    expect(out).not.toContain('@media')
  })

  it('keeps only the part of a selector list the code can match', () => {
    const out = purgeCss(CSS, '"[&_h2]:font-bold"')
    expect(out).toContain('.\\[\\&_h2\\]\\:font-bold h2{font-weight:700}')
    expect(out).not.toContain('_h1')
  })

  it('needs every class of a selector', () => {
    expect(purgeCss(CSS, '"menu-panel"')).not.toContain('menu-panel')
    expect(purgeCss(CSS, '"is-open menu-panel"')).toContain('.is-open .menu-panel{display:block}')
  })

  it('drops the custom properties, @property and keyframes the kept rules no longer use', () => {
    const out = purgeCss(CSS, '"shadow text-lg animate-spin"')
    expect(out).toContain('@property --tw-shadow{')
    expect(out).not.toContain('@property --tw-blur')
    expect(out).toContain('--tw-shadow:0 0 #0000')
    expect(out).not.toContain('--tw-blur:initial')
    // Theme variables, followed through the variables they refer to.
    expect(out).toContain('--text-lg:1.125rem')
    expect(out).toContain('--text-lg--line-height:')
    expect(out).not.toContain('--color-unused')
    expect(out).not.toContain('--color-brand-700')
    expect(out).toContain('@keyframes spin{')
    expect(out).not.toContain('@keyframes pulse')
  })

  it('keeps a theme variable the code reads itself', () => {
    expect(purgeCss(CSS, 'style:{color:"var(--color-brand-700)"}')).toContain('--color-brand-700:#c2410c')
  })
})
