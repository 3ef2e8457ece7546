import { describe, expect, it } from 'vitest'
import { hashToken, newRefreshToken, successorToken } from './sessions.ts'

describe('refresh tokens', () => {
  it('are 256 random bits, never repeated', () => {
    const tokens = new Set(Array.from({ length: 100 }, newRefreshToken))
    expect(tokens.size).toBe(100)
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(32)
  })

  it('have a successor that only the secret can derive', () => {
    const token = newRefreshToken()
    expect(successorToken('secret-one', token)).toBe(successorToken('secret-one', token))
    expect(successorToken('secret-two', token)).not.toBe(successorToken('secret-one', token))
    expect(successorToken('secret-one', token)).not.toBe(token)
  })

  it('are stored as SHA-256 hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
