import type { Config } from '../config.ts'
import type { BlobStore } from './blob-store.ts'
import { createDiskBlobStore } from './disk-blob-store.ts'

/**
 * The blob store the settings choose: the disk under STORAGE_DIR, or (STORAGE_BACKEND=s3) the
 * bucket. The S3 store, and with it the AWS SDK, is imported here and only when chosen, so a
 * gateway on disk never loads it (decision 030: it costs a process about 160 ms and 36 MB).
 * With `probe`, the bucket is asked for once first; a wrong endpoint, bucket or key then throws
 * an Error whose message is one line.
 */
export async function openBlobStore(
  config: Pick<Config, 's3' | 'storageDir'>,
  options: { probe?: boolean } = {},
): Promise<BlobStore> {
  if (!config.s3) return createDiskBlobStore(config.storageDir)
  const { createS3BlobStore, createS3Client, probeBucket } = await import('./s3-blob-store.ts')
  const client = createS3Client(config.s3)
  if (options.probe) await probeBucket(config.s3, client)
  return createS3BlobStore(config.s3, client)
}
