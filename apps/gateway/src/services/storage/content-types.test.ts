import { describe, expect, it } from 'vitest'
import { checkAllowedType, isActiveType, matchesSignature, parseContentType } from './content-types.ts'

const bytes = (...values: number[]) => new Uint8Array(values)
const text = (value: string) => new TextEncoder().encode(value)

describe('allowed types', () => {
  it('matches exact types, ignoring parameters and case', () => {
    expect(() => checkAllowedType('Application/PDF; x=1', ['application/pdf'])).not.toThrow()
  })
  it('matches wildcards', () => {
    expect(() => checkAllowedType('image/webp', ['image/*'])).not.toThrow()
    expect(() => checkAllowedType('text/html', ['*/*'])).not.toThrow()
  })
  it('refuses other types with the protocol message', () => {
    expect(() => checkAllowedType('text/html', ['image/*', 'application/pdf'])).toThrowError(
      'mime type text/html is not supported',
    )
  })
  it('lets anything through when the bucket has no list', () => {
    expect(() => checkAllowedType('text/html', null)).not.toThrow()
  })
  it('defaults a missing content type and refuses nonsense', () => {
    expect(parseContentType(undefined)).toBe('application/octet-stream')
    expect(() => parseContentType('not a type')).toThrowError(/not supported/)
  })
})

describe('content signatures', () => {
  it('recognises PDF, PNG, JPEG, GIF, WebP and AVIF', () => {
    expect(matchesSignature('application/pdf', text('%PDF-1.7\n'))).toBe(true)
    expect(matchesSignature('image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true)
    expect(matchesSignature('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true)
    expect(matchesSignature('image/gif', text('GIF89a...'))).toBe(true)
    expect(matchesSignature('image/webp', text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe(true)
    expect(matchesSignature('image/avif', text('\u0000\u0000\u0000\u001cftypavif'))).toBe(true)
  })
  it('refuses a page declared as an image or a PDF', () => {
    expect(matchesSignature('image/png', text('<html><script>alert(1)</script>'))).toBe(false)
    expect(matchesSignature('application/pdf', text('<html>'))).toBe(false)
  })
  it('has no opinion about types without a signature', () => {
    expect(matchesSignature('text/plain', text('anything'))).toBe(true)
  })
})

describe('active types', () => {
  it('treats HTML, SVG, XML and unknown types as active', () => {
    for (const t of ['text/html', 'image/svg+xml', 'application/xml', 'application/x-whatever']) {
      expect(isActiveType(t)).toBe(true)
    }
  })
  it('treats images, PDFs and plain text as passive', () => {
    for (const t of ['image/png', 'application/pdf', 'text/plain;charset=UTF-8']) {
      expect(isActiveType(t)).toBe(false)
    }
  })
})
