import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createDeps } from '../../src/deps.ts'
import { keysFromSecret } from '../../src/keys.ts'
import { createTestDatabase, type TestDatabase } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'

/** docs/decisions/012: one way to fail, a request id on every answer and log line. */
describe('failures the services did not expect', () => {
  let db: TestDatabase
  let gateway: Gateway
  const lines: Record<string, unknown>[] = []

  beforeAll(async () => {
    db = await createTestDatabase('pglite')
    const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '.data/test' })
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
    gateway = createApp(createDeps({ config, db, keys: await keysFromSecret(TEST_JWT_SECRET), logger }))
    // A route outside every service, failing with internals in its message.
    gateway.app.post('/boom', () => {
      throw new Error('relation "private.secret_table" does not exist at /srv/app/x.ts:12')
    })
  })
  afterAll(async () => {
    await gateway?.stop()
    await db?.close()
  })

  it('answer a neutral 500 with the request id, and log the detail under the same id', async () => {
    const res = await gateway.app.request('/boom', { method: 'POST' })
    expect(res.status).toBe(500)
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      error: 'internal_error',
      message: 'Internal server error',
      request_id: id,
    })
    expect(text).not.toContain('secret_table')
    const logged = lines.find((l) => l.msg === 'request failed')
    expect(logged).toMatchObject({ requestId: id, path: '/boom', level: 50 })
    expect(JSON.stringify(logged)).toContain('secret_table')
  })

  it('inside a service keep the protocol’s shape and still carry the id', async () => {
    await db.query('alter table storage.buckets rename to buckets_gone')
    try {
      const res = await gateway.app.request('/storage/v1/bucket', {
        headers: { authorization: `Bearer ${(await keysFromSecret(TEST_JWT_SECRET)).serviceRoleKey}` },
      })
      expect(res.status).toBe(500)
      const id = res.headers.get('x-request-id')
      const body = await res.json()
      expect(body).toEqual({
        statusCode: '500',
        error: 'InternalError',
        code: 'InternalError',
        message: 'Internal server error',
      })
      expect(lines.find((l) => l.msg === 'storage request failed')).toMatchObject({ requestId: id })
    } finally {
      await db.query('alter table storage.buckets_gone rename to buckets')
    }
  })

  it('do not trust a request id the client sends', async () => {
    const res = await gateway.app.request('/health', { headers: { 'x-request-id': 'forged-id' } })
    expect(res.headers.get('x-request-id')).not.toBe('forged-id')
  })
})
