import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { ERRORS, renderError, statusForSqlState } from './errors.ts'
import type { RestEnv } from './rest-env.ts'

describe('statusForSqlState (PostgREST’s mapping)', () => {
  it('maps SQLSTATEs to HTTP statuses', () => {
    expect(statusForSqlState('42501', 'anon')).toBe(401)
    expect(statusForSqlState('42501', 'authenticated')).toBe(403)
    expect(statusForSqlState('23505', 'anon')).toBe(409)
    expect(statusForSqlState('23503', 'anon')).toBe(409)
    expect(statusForSqlState('25006', 'anon')).toBe(405)
    expect(statusForSqlState('42P01', 'anon')).toBe(404)
    expect(statusForSqlState('42883', 'anon')).toBe(404)
    expect(statusForSqlState('PT418', 'anon')).toBe(418)
    expect(statusForSqlState('P0001', 'anon')).toBe(400)
    expect(statusForSqlState('P0002', 'anon')).toBe(500)
    expect(statusForSqlState('08006', 'anon')).toBe(503)
    expect(statusForSqlState('53300', 'anon')).toBe(503)
    expect(statusForSqlState('53400', 'anon')).toBe(500)
    expect(statusForSqlState('57014', 'anon')).toBe(500)
    expect(statusForSqlState('42P17', 'anon')).toBe(500)
    expect(statusForSqlState('XX000', 'anon')).toBe(500)
    expect(statusForSqlState('22P02', 'anon')).toBe(400)
    expect(statusForSqlState('23502', 'anon')).toBe(400)
    expect(statusForSqlState('23514', 'anon')).toBe(400)
  })
})

describe('renderError', () => {
  const app = (error: unknown) => {
    const a = new Hono<RestEnv>()
    a.onError(renderError(pino({ level: 'silent' })))
    a.get('/', () => {
      throw error
    })
    return a
  }

  it('renders catalogue errors with their status and headers', async () => {
    const res = await app(ERRORS.InvalidToken('JWT expired', 'PGRST303')).request('/')
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    )
    expect(await res.json()).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' })
  })

  it('renders PostgreSQL errors with all four keys', async () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
    })
    const res = await app(pgError).request('/')
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      code: '23505',
      details: 'Key (id)=(1) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "x"',
    })
  })

  it('answers an unreachable database with 503 and Retry-After, anything else with 500', async () => {
    const refused = await app(
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ).request('/')
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.json()).toMatchObject({ code: 'PGRST001' })
    const other = await app(new Error('boom')).request('/')
    expect(other.status).toBe(500)
    expect(await other.json()).toEqual({
      code: 'PGRST000',
      details: null,
      hint: null,
      message: 'Internal server error',
    })
  })
})
