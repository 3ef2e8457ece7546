import { describe, expect, it } from 'vitest'
import { parseBucketName, parseObjectName } from './names.ts'

describe('object names', () => {
  it('keeps ordinary nested names and normalises Unicode to NFC', () => {
    expect(parseObjectName('7e00/2026-10 rent.pdf')).toBe('7e00/2026-10 rent.pdf')
    expect(parseObjectName('cafe\u0301.png')).toBe('caf\u00e9.png')
  })

  it.each([
    ['..', 'parent segment'],
    ['a/../b', 'parent segment in the middle'],
    ['./a', 'current-folder segment'],
    ['/etc/passwd', 'absolute path'],
    ['a//b', 'empty segment'],
    ['a/', 'trailing slash'],
    ['a\\..\\b', 'backslash'],
    ['a\u0000b', 'NUL'],
    ['a\nb', 'newline'],
    ['', 'empty'],
    ['x'.repeat(256), 'segment too long'],
    [`${'abc/'.repeat(300)}x`, 'name too long'],
  ])('refuses %j (%s)', (name) => {
    expect(() => parseObjectName(name)).toThrowError(/Invalid key/)
  })
})

describe('bucket names', () => {
  it('accepts the product buckets', () => {
    expect(parseBucketName('shop-logos')).toBe('shop-logos')
  })
  it.each(['a/b', 'a\\b', ' lead', 'trail ', '', 'x'.repeat(101), 'é'])('refuses %j', (name) => {
    expect(() => parseBucketName(name)).toThrowError(/Bucket name invalid/)
  })
})
