import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { createS3Client } from '../../src/blob-store/s3-blob-store.ts'
import type { S3Settings } from '../../src/config.ts'

/** The storage backends every blob-store and storage test runs against. */
export const backends = ['disk', 's3'] as const
export type Backend = (typeof backends)[number]

export interface TestS3Server {
  settings: S3Settings
  /** Every object key in the bucket (complete objects; what a failed upload must not leave). */
  objectKeys(): Promise<string[]>
  close(): Promise<void>
}

/**
 * A real S3-compatible server (s3rver, from the npm registry) on a free port with one empty
 * bucket, for one test file. It speaks S3's REST API over HTTP with signature checks, multipart
 * uploads and CopyObject; it does not implement AbortMultipartUpload or ListMultipartUploads
 * (decision 028). Starting it never skips: a failure fails the test file.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'genesis-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const address = (await server.run()) as AddressInfo
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket: `test-${randomBytes(4).toString('hex')}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }
  const client = createS3Client(settings)
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }))
  return {
    settings,
    async objectKeys() {
      const keys: string[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken }),
        )
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return keys.sort()
    },
    async close() {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
