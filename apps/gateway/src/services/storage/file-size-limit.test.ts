import { describe, expect, it } from 'vitest'
import { parseFileSizeLimit } from './file-size-limit.ts'

describe('bucket file size limits', () => {
  it('takes bytes and unit strings', () => {
    expect(parseFileSizeLimit(1024)).toBe(1024)
    expect(parseFileSizeLimit('2048')).toBe(2048)
    expect(parseFileSizeLimit('5MB')).toBe(5_000_000)
    expect(parseFileSizeLimit('30 kb')).toBe(30_000)
    expect(parseFileSizeLimit(null)).toBeNull()
  })
  it.each(['five', '5 parsecs', '-1', 0, -5, 1.5])('refuses %j', (value) => {
    expect(() => parseFileSizeLimit(value)).toThrowError(/Invalid file size/)
  })
})
