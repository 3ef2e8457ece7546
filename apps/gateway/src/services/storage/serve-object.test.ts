import { describe, expect, it } from 'vitest'
import { attachment, parseRange } from './serve-object.ts'

describe('byte ranges', () => {
  it('reads start-end, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 })
    expect(parseRange(undefined, 100)).toBeUndefined()
  })
  it.each(['bytes=100-', 'bytes=9-3', 'bytes=-0', 'items=0-1', 'bytes=0-1,4-5'])('refuses %j', (header) => {
    expect(() => parseRange(header, 100)).toThrowError(/not satisfiable/)
  })
})

describe('attachment names', () => {
  it('quotes safely and keeps the exact UTF-8 name', () => {
    expect(attachment('rent "Oct".pdf')).toBe(
      `attachment; filename="rent _Oct_.pdf"; filename*=UTF-8''rent%20%22Oct%22.pdf`,
    )
    expect(attachment('café.png')).toContain("filename*=UTF-8''caf%C3%A9.png")
  })
})
