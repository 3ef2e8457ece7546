import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, type TestS3Server } from '../../test/support/s3-server.ts'
import { probeBucket } from './s3-blob-store.ts'

describe('the start-up check of the S3 bucket', () => {
  let s3: TestS3Server
  beforeAll(async () => {
    s3 = await startS3Server()
  })
  afterAll(() => s3.close())

  it('passes for the configured bucket', async () => {
    await expect(probeBucket(s3.settings)).resolves.toBeUndefined()
  })

  it('stops with one line naming the bucket when it does not exist', async () => {
    const settings = { ...s3.settings, bucket: 'no-such-bucket' }
    await expect(probeBucket(settings)).rejects.toThrow(
      `Cannot use S3 bucket no-such-bucket at ${s3.settings.endpoint}: no such bucket`,
    )
  })

  it('stops with one line when nothing answers at the endpoint', async () => {
    const settings = { ...s3.settings, endpoint: 'http://127.0.0.1:9' }
    await expect(probeBucket(settings)).rejects.toThrow(
      /^Cannot use S3 bucket .* at http:\/\/127\.0\.0\.1:9: /,
    )
  })
})
