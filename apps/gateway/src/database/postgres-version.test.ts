import { describe, expect, it } from 'vitest'
import { assertSupportedServer } from './postgres.ts'

describe('the PostgreSQL version check at start-up', () => {
  it('accepts PostgreSQL 15 and later', () => {
    expect(() => assertSupportedServer(150000, '15.0')).not.toThrow()
    expect(() => assertSupportedServer(170006, '17.6 (Debian 17.6-1)')).not.toThrow()
  })

  it('refuses an older server with one line naming its version', () => {
    expect(() => assertSupportedServer(140012, '14.12')).toThrow(
      /^PostgreSQL 15 or later is needed: the server at DATABASE_URL runs 14\.12$/,
    )
    expect(() => assertSupportedServer(Number.NaN, 'unknown')).toThrow(/PostgreSQL 15 or later/)
  })
})
